import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { LazyConfirmDialog } from './lazy-confirm-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const HEADING = '取消关注？';

const meta = {
  title: 'UI/Lazy confirm dialog',
  component: LazyConfirmDialog,
  args: {
    heading: HEADING,
    text: '取消后，你将不再在动态里看到雾港的新作品。',
    confirmLabel: '取消关注',
    onConfirm: fn(() => Promise.resolve()),
    onClose: fn(),
  },
} satisfies Meta<typeof LazyConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loaded when first shown, then the same dialog as `ConfirmDialog`: cancel focused. */
export const Asking: Story = {
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: HEADING }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('common:actions.cancel') })).toHaveFocus(),
    );
  },
};

/** Confirmed, the call on its way: the button waits. */
export const Confirming: Story = {
  args: { onConfirm: fn(() => new Promise<never>(() => undefined)) },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: HEADING }));
    const confirm = dialog.getByRole('button', { name: '取消关注' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

/** The call failed: the dialog closes (the app's toast has said why). */
export const Failed: Story = {
  args: { onConfirm: fn(() => Promise.reject(new Error('refused'))) },
  render: (args) => (
    <>
      <p>关注列表</p>
      <LazyConfirmDialog {...args} />
    </>
  ),
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: HEADING }));
    await userEvent.click(dialog.getByRole('button', { name: '取消关注' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};
