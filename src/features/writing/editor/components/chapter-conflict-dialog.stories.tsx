import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { ChapterConflictDialog } from './chapter-conflict-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const MINE = {
  name: '第一章 问剑',
  content: '山门前的石阶有九百级。\n少年背着剑，一级一级往上走，数到第三百级时下起了雪。',
};
const THEIRS = {
  name: '第一章 问剑',
  content: '山门前的石阶有九百级。\n少年背着剑往上走，走到半山，回头望见了来时的村子。',
};

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('writing:editor.conflict.title') }));

const meta = {
  title: 'Writing/Editor/Chapter conflict dialog',
  component: ChapterConflictDialog,
  args: { mine: MINE, theirs: THEIRS, onResolve: fn() },
} satisfies Meta<typeof ChapterConflictDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The chapter's two versions, said of "this chapter"; 两份都保留 focused. */
export const Compare: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByText(t('writing:editor.conflict.body'))).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('common:conflict.keepBoth') })).toHaveFocus(),
    );
  },
};

/** 两份都保留: the chapter goes on with both texts, each under its mark. */
export const KeepBoth: Story = {
  play: async ({ args }) => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('common:conflict.keepBoth') }));
    await expect(args.onResolve).toHaveBeenCalledWith(
      'both',
      expect.objectContaining({
        name: MINE.name,
        content: expect.stringContaining(t('common:conflict.markMine')),
      }),
    );
  },
};

/** 只保留我的. */
export const KeepMine: Story = {
  play: async ({ args }) => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('common:conflict.keepMine') }));
    await expect(args.onResolve).toHaveBeenCalledWith('mine', MINE);
  },
};

/** 只保留另一处的. */
export const KeepTheirs: Story = {
  play: async ({ args }) => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('common:conflict.keepTheirs') }));
    await expect(args.onResolve).toHaveBeenCalledWith('theirs', THEIRS);
  },
};
