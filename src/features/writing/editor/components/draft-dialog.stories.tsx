import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { formatDate } from '@/lib/date-format';
import { DraftDialog } from './draft-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** When the local draft was written: a fixed time, so the story reads the same every day. */
const CHANGED_AT = new Date(2026, 2, 14, 21, 30).getTime();

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('writing:editor.draft.title') }));

const meta = {
  title: 'Writing/Editor/Draft dialog',
  component: DraftDialog,
  args: { changedAt: CHANGED_AT, onRestore: fn(), onDiscard: fn() },
} satisfies Meta<typeof DraftDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A newer local draft of the chapter than the server copy: when it was written, restore
 * (focused, so a key typed on after a reload keeps the text) or discard; no way to dismiss.
 */
export const Offered: Story = {
  play: async () => {
    const dialog = await theDialog();
    const time = formatDate(CHANGED_AT, i18next.language, 'short', { time: true });
    await expect(dialog.getByText(t('writing:editor.draft.body', { time }))).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('writing:editor.draft.restore') })).toHaveFocus(),
    );
    await expect(dialog.queryByRole('button', { name: t('common:actions.close') })).toBeNull();
  },
};

/** 恢复: the draft is taken back (Enter does the same, the button having the focus). */
export const Restore: Story = {
  play: async ({ args }) => {
    const dialog = await theDialog();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('writing:editor.draft.restore') })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onRestore).toHaveBeenCalledTimes(1);
    await expect(args.onDiscard).not.toHaveBeenCalled();
  },
};

/** 丢弃: the saved version stays; Esc does nothing (the choice is the writer's). */
export const Discard: Story = {
  play: async ({ args }) => {
    const dialog = await theDialog();
    await userEvent.keyboard('{Escape}');
    await expect(args.onRestore).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: t('writing:editor.draft.discard') }));
    await expect(args.onDiscard).toHaveBeenCalledTimes(1);
  },
};
