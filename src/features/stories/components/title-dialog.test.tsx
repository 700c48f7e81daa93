import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allCopies } from '@/lib/durable-text';
import { renderWithProviders } from '@/testing/render';
import { TitleDialog } from './title-dialog';

const RLO = '\u202E';
const session = { uid: 'u_author', accessToken: 'a', refreshToken: 'r', endedBy: null };

function renderDialog(onSubmit: () => Promise<unknown>, onClose = () => undefined) {
  return renderWithProviders(
    <TitleDialog
      heading="Rename"
      label="Title"
      submitLabel="Save"
      draftOf="story:s1"
      endpoint="renameStory"
      onSubmit={onSubmit}
      onClose={onClose}
    />,
    { preloadedState: { session } },
  );
}

describe('TitleDialog (story titles, chapter names)', () => {
  it('the story and chapter title dialog sends the cleaned title', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = renderDialog(onSubmit);
    const input = screen.getByRole('textbox', { name: 'Title' });
    await user.type(input, `  ${RLO}gnp.exe `);
    expect(input).toHaveValue('  gnp.exe ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('gnp.exe');
    // Sent and accepted: no copy of the typed title is left to offer back.
    expect(allCopies('title:u_author:story:s1')).toEqual([]);
  });

  it('keeps what is typed at every key until the server has it', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('offline')));
    const { user, unmount } = renderDialog(onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '白塔录');
    expect(allCopies('title:u_author:story:s1').map((c) => c.fields.title)).toEqual(['白塔录']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => unmount());
    expect(allCopies('title:u_author:story:s1').map((c) => c.fields.title)).toEqual(['白塔录']);
  });
});
