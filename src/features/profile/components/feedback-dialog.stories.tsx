import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { serverError } from '@mocks/scenarios';
import { FeedbackDialog } from './feedback-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function typeAndSend(text: string) {
  const dialog = within(await screen.findByRole('dialog', { name: t('account:feedback.title') }));
  const field = await dialog.findByLabelText(t('account:feedback.content'));
  await userEvent.type(field, text);
  await userEvent.click(dialog.getByRole('button', { name: t('account:feedback.send') }));
  return { dialog, field };
}

const meta = {
  title: 'Profile/Feedback dialog',
  component: FeedbackDialog,
  args: { dialogId: 1, onClose: fn(), category: 'appeal' },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof FeedbackDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from 「可通过反馈申诉」: an appeal, the text first. */
export const Ready: Story = {
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: t('account:feedback.title') }));
    await expect(dialog.getByLabelText(t('account:feedback.category'))).toHaveValue('appeal');
    await expect(dialog.getByText(`0/500`)).toBeVisible();
  },
};

/** On its way: the button says so and takes no second click. */
export const Sending: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.post('*/api/v1/feedback', () => new Promise<never>(() => {})),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const { dialog } = await typeAndSend('我没有输入违规内容');
    const button = await dialog.findByRole('button', { name: t('account:feedback.sending') });
    await expect(button).toBeDisabled();
  },
};

/** Sent: the thanks, and the dialog closes. */
export const Sent: Story = {
  play: async ({ args }) => {
    await typeAndSend('我没有输入违规内容');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(await screen.findByText(t('account:feedback.sent'))).toBeInTheDocument();
  },
};

/** Blank: said at the text, nothing sent. */
export const ErrorEmpty: Story = {
  play: async () => {
    const { dialog } = await typeAndSend('   ');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('account:feedback.errors.empty'),
    );
  },
};

/** The service failed: its message and id above the buttons, the text kept. */
export const ErrorServer: Story = {
  parameters: { msw: { handlers: [...serverError(), ...handlers] } },
  play: async () => {
    const { dialog, field } = await typeAndSend('反馈');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(/err_/);
    await expect(field).toHaveValue('反馈');
  },
};
