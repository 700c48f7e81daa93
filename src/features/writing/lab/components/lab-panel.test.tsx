import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { renderWithProviders, signedInState } from '@/testing/render';
import { LabPanel } from './lab-panel';

const t = (key: string) => i18next.t(key);

async function renderLab() {
  const target = { text: '', commit: vi.fn(() => true), release: vi.fn() };
  return renderWithProviders(
    <LabPanel
      chapterId="c_e810wl79lf"
      selection=""
      inTitle={false}
      takeTarget={() => target}
      onToast={vi.fn()}
    />,
    { preloadedState: await signedInState() },
  );
}

describe('the lab’s custom instruction', () => {
  it('is kept at every key: after a reload it is offered back on the custom action', async () => {
    const first = await renderLab();
    await first.user.click(screen.getByLabelText(t('writing:lab.actions.custom')));
    await first.user.type(screen.getByLabelText(t('writing:lab.instruction')), '写一段雨夜重逢');
    // The page goes before the instruction was run.
    first.unmount();

    const again = await renderLab();
    const offer = await screen.findByRole('group', { name: /未保存的文字/ });
    expect(screen.getByLabelText(t('writing:lab.actions.custom'))).toBeChecked();
    await again.user.click(within(offer).getByRole('button', { name: t('common:draft.restore') }));
    expect(screen.getByLabelText(t('writing:lab.instruction'))).toHaveValue('写一段雨夜重逢');
  });
});
