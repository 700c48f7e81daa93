import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { LeaveDialog } from './leave-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('writing:editor.leave.title') }));

/** A call that never ends: the dialog stays busy. */
const never = () => new Promise<void>(() => undefined);

const meta = {
  title: 'Writing/Editor/Leave dialog',
  component: LeaveDialog,
  args: {
    onSave: fn(() => Promise.resolve()),
    onDiscard: fn(() => Promise.resolve()),
    onStay: fn(),
    failure: null,
  },
} satisfies Meta<typeof LeaveDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Leaving with unsaved changes: stay (focused), leave without saving, or save and leave. */
export const Asking: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByText(t('writing:editor.leave.body'))).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('writing:editor.leave.stay') })).toHaveFocus(),
    );
  },
};

/** 保存并离开 pressed: both leaving buttons wait for the save. */
export const Saving: Story = {
  args: { onSave: fn(never) },
  play: async ({ args }) => {
    const dialog = await theDialog();
    const save = dialog.getByRole('button', { name: t('writing:editor.leave.save') });
    await userEvent.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    await expect(
      dialog.getByRole('button', { name: t('writing:editor.leave.discard') }),
    ).toBeDisabled();
    await expect(
      dialog.getByRole('button', { name: t('writing:editor.leave.stay') }),
    ).toBeEnabled();
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};

/**
 * The last save failed (here the server's 500): the editor's status text is said in the
 * dialog, and each choice is offered again.
 */
export const SaveFailed: Story = {
  render: (args) => (
    <LeaveDialog
      {...args}
      failure={t('writing:editor.status.failed', { reason: t('errors:server') })}
    />
  ),
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('errors:server'));
    await expect(
      dialog.getByRole('button', { name: t('writing:editor.leave.save') }),
    ).toBeEnabled();
  },
};

/** 留在此页 (or Esc): back to the editor, nothing saved or dropped. */
export const Stay: Story = {
  play: async ({ args }) => {
    await theDialog();
    await userEvent.keyboard('{Escape}');
    await expect(args.onStay).toHaveBeenCalledTimes(1);
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onDiscard).not.toHaveBeenCalled();
  },
};
