import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { Dialog, type DialogProps } from './dialog';
import { DialogCancel } from './dialog-close';

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

/** A form whose typed text is unsaved: every way out asks first. 放弃 empties it. */
function UnsavedDemo({ onClose, ...props }: Omit<DialogProps, 'children' | 'footer'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
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
          dirty={name !== ''}
          onDiscard={() => setName('')}
          footer={
            <>
              <DialogCancel className="button">{t('common:actions.cancel')}</DialogCancel>
              <button type="button" className="button button--primary" onClick={close}>
                {t('common:actions.save')}
              </button>
            </>
          }
        >
          <div className="field">
            <label className="field__label" htmlFor="dialog-demo-name">
              名称
            </label>
            <input id="dialog-demo-name" value={name} onChange={(e) => setName(e.target.value)} />
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

/**
 * Typed text is unsaved: Esc asks (放弃未保存的内容？) with 继续编辑 focused, which gives the
 * focus back to the field with the text intact. Left asking, so the check covers the ask.
 */
export const UnsavedText: Story = {
  args: { title: '新建词条' },
  render: (args) => <UnsavedDemo {...args} />,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: '新建词条' });
    const field = within(dialog).getByRole('textbox', { name: '名称' });
    await userEvent.type(field, '青锋剑');
    await userEvent.keyboard('{Escape}');
    const keep = await screen.findByRole('button', { name: i18next.t('common:unsaved.keep') });
    await waitFor(() => expect(keep).toHaveFocus());
    await userEvent.click(keep);
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveValue('青锋剑');
    await expect(args.onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: i18next.t('common:unsaved.title') });
  },
};
