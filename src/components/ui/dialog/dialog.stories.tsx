import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { Dialog, type DialogProps } from './dialog';

/**
 * A dialog with a field and the usual footer, so focus trapping has something to move
 * through. It starts open; once closed, the button opens it again as a screen would.
 */
function DialogDemo({ onClose, ...props }: Omit<DialogProps, 'children' | 'footer'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        打开对话框
      </button>
      {open ? (
        <Dialog
          {...props}
          onClose={close}
          footer={
            <>
              <button type="button" className="button" onClick={close}>
                {t('common:actions.cancel')}
              </button>
              <button type="button" className="button button--primary" onClick={close}>
                {t('common:actions.save')}
              </button>
            </>
          }
        >
          <div className="field">
            <label className="field__label" htmlFor="dialog-demo-title">
              标题
            </label>
            <input id="dialog-demo-title" defaultValue="第一章 雨夜" />
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

const meta = {
  title: 'UI/Dialog',
  component: DialogDemo,
  args: { title: '重命名章节', onClose: fn() },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    variant: { control: 'inline-radio', options: ['dialog', 'slider'] },
  },
} satisfies Meta<typeof DialogDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Esc and the close button close it; opening moves focus in, closing gives it back. */
export const Basic: Story = {
  play: async ({ args, canvasElement }) => {
    const name = '重命名章节';
    await screen.findByRole('dialog', { name });
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const trigger = within(canvasElement).getByRole('button', { name: '打开对话框' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.click(
      within(dialog).getByRole('button', { name: i18next.t('common:actions.close') }),
    );
    await expect(args.onClose).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Blocks use until acted on (ban, forced phone binding): no close button, Esc does nothing. */
export const NonDismissible: Story = {
  args: { title: '请先绑定手机号', dismissible: false },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: '请先绑定手机号' });
    await expect(
      within(dialog).queryByRole('button', { name: i18next.t('common:actions.close') }),
    ).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The slider look: same behaviour, enters from the side. */
export const Slider: Story = {
  args: { title: '词条详情', variant: 'slider', size: 'lg' },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: '词条详情' })).toHaveClass(
      'dialog--slider',
    );
  },
};
