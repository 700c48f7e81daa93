import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@/mocks/handlers';
import { fail, handle, http } from '@/mocks/http';
import { networkDown } from '@/mocks/scenarios';
import { AUTHOR_PHONE } from '@/mocks/seed-ids';
import { LoginDialog } from './login-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The code endpoint refuses: a code was already sent to this number within 60 s (contract: 42901). */
const sendCodeTooSoon = () => [
  http.post(
    '/v2/user/phone_message',
    handle(() => fail(42901, 'too frequent', { retry_after_s: 42 }, 429)),
  ),
];

async function requestCode(phone: string) {
  const dialog = await screen.findByRole('dialog', { name: t('common:auth.loginTitle') });
  const form = within(dialog);
  await userEvent.type(form.getByLabelText(t('common:auth.phone')), phone);
  await userEvent.click(form.getByRole('button', { name: t('common:auth.sendCode') }));
  return form;
}

const meta = {
  title: 'Auth/Login dialog',
  component: LoginDialog,
  args: { dialogId: 1, onClose: fn(), onSuccess: fn() },
  // The app frame shows the toasts the flow raises ("code sent", connectivity errors).
  parameters: { appFrame: true },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just opened: phone and code fields, nothing sent, no error. */
export const Idle: Story = {
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: t('common:auth.loginTitle') }));
    await expect(dialog.getByLabelText(t('common:auth.phone'))).toHaveValue('');
    await expect(dialog.getByRole('button', { name: t('common:auth.sendCode') })).toBeEnabled();
    await expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** A number that is not a mainland mobile number is refused before any request. */
export const InvalidPhone: Story = {
  play: async () => {
    const form = await requestCode('12345');
    await expect(await form.findByRole('alert')).toHaveTextContent(t('common:auth.phoneInvalid'));
  },
};

/** The seeded backend sends a code: the button counts down to the next allowed send. */
export const CodeSent: Story = {
  parameters: { msw: { handlers } },
  play: async () => {
    const form = await requestCode(AUTHOR_PHONE);
    await waitFor(() => expect(form.getByRole('button', { name: /\d+/ })).toBeDisabled());
  },
};

/** The backend refuses to send a code: the reason is shown under the phone field. */
export const SendCodeError: Story = {
  parameters: { msw: { handlers: sendCodeTooSoon() } },
  play: async () => {
    const form = await requestCode(AUTHOR_PHONE);
    const alert = await form.findByRole('alert');
    // The code's meaning for this call, translated — never the server's raw text.
    await expect(alert).toHaveTextContent(t('errors:auth.codeTooFrequent'));
    await expect(form.getByLabelText(t('common:auth.phone'))).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** No connection: the connectivity message, not a raw error. */
export const NetworkDown: Story = {
  parameters: { msw: { handlers: networkDown() } },
  play: async () => {
    const form = await requestCode(AUTHOR_PHONE);
    await expect(await form.findByRole('alert')).toHaveTextContent(t('errors:network'));
  },
};
