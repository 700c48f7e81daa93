import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TitleDialog } from './title-dialog';

const RLO = '\u202E';

describe('TitleDialog (story titles, chapter names)', () => {
  it('the story and chapter title dialog sends the cleaned title', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <TitleDialog
        heading="Rename"
        label="Title"
        submitLabel="Save"
        endpoint="renameStory"
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    await user.type(input, `  ${RLO}gnp.exe `);
    expect(input).toHaveValue('  gnp.exe ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('gnp.exe');
  });
});
