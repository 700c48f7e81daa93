import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import type { ToastInput } from '@/lib/toast-machine';
import { ToastViewport } from './toast';
import { toastShown } from './toast-slice';

/** Shows the args as a toast through the real slice (and its machine), then the viewport renders it. */
function ToastDemo({ msg, type, duration, icon }: ToastInput) {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(
      toastShown({
        msg,
        ...(type ? { type } : {}),
        ...(duration !== undefined ? { duration } : {}),
        ...(icon ? { icon } : {}),
      }),
    );
  }, [dispatch, msg, type, duration, icon]);
  return <ToastViewport />;
}

const meta = {
  title: 'UI/Toast',
  component: ToastDemo,
  argTypes: {
    type: { control: 'inline-radio', options: ['success', 'error', 'info', 'warning'] },
    duration: {
      control: 'number',
      description: 'ms before it closes itself; 0 stays until closed',
    },
  },
  args: { msg: '章节已保存' },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default: success, closes itself after 1500 ms (remount the story to see it again). */
export const Success: Story = {
  args: { msg: '章节已保存', type: 'success' },
  play: async () => {
    const toast = await screen.findByRole('status');
    await expect(toast).toHaveTextContent('章节已保存');
  },
};

/** Errors are announced assertively (role alert). */
export const ErrorToast: Story = {
  name: 'Error',
  args: { msg: '网络异常，请检查网络后重试', type: 'error' },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('网络异常');
  },
};

/** duration 0: stays until replaced or closed, so it gets a close button. */
export const Sticky: Story = {
  args: { msg: '作品已移入回收站', type: 'info', duration: 0 },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('作品已移入回收站');
    // It fades in, so wait until it is visible rather than merely present.
    const close = screen.getByRole('button', { name: i18next.t('common:actions.close') });
    await waitFor(() => expect(close).toBeVisible());
  },
};

/** The sticky toast after its close button was pressed: gone. */
export const StickyClosed: Story = {
  args: Sticky.args,
  parameters: { expectEmpty: true },
  play: async () => {
    await userEvent.click(
      await screen.findByRole('button', { name: i18next.t('common:actions.close') }),
    );
    await waitFor(() => expect(screen.queryByText('作品已移入回收站')).not.toBeInTheDocument());
  },
};

/** An empty (or blank) message shows no toast at all (spec 1 §4). */
export const EmptyMessage: Story = {
  args: { msg: '   ' },
  parameters: { expectEmpty: true },
  play: async () => {
    // The viewport is portalled to <body>, outside the canvas.
    await expect(document.querySelector('.toast')).toBeNull();
  },
};
