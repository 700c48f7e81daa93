import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { resolveErrorMessage } from '@/api/error-messages';
import { i18next } from '@/lib/i18n';
import { phoneTarget } from '@mocks/codes';
import { db } from '@mocks/db';
import { BindPhoneDialog } from './bind-phone-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** A number no seeded account uses. */
const NEW_PHONE = '13912345678';

/** The code the mock sent to this number (what the reviewer reads in the mock panel). */
function sentCode(phone: string): string {
  const rows = db.codes.findMany((q) => q.where({ target: phoneTarget('86', phone), used: false }));
  const row = rows[rows.length - 1];
  if (!row) throw new Error(`no code sent to ${phone}`);
  return row.code;
}

/** What the bind call's 42210 (wrong code) means, as the app resolves it. */
const wrongCodeKey = () =>
  resolveErrorMessage('bindPhone', {
    status: 422,
    code: 42210,
    serverMessage: null,
    kind: 'client',
  }).key ?? 'errors:generic';

async function bindDialog() {
  return within(await screen.findByRole('dialog', { name: t('session:bind.title') }));
}

async function sendCodeTo(phone: string) {
  const dialog = await bindDialog();
  await userEvent.type(dialog.getByLabelText(t('session:bind.phone')), phone);
  await userEvent.click(dialog.getByRole('button', { name: t('auth:sendCode') }));
  await waitFor(() => expect(dialog.getByRole('button', { name: /\d+/ })).toBeDisabled());
  return dialog;
}

const meta = {
  title: 'Auth/Bind-phone dialog',
  component: BindPhoneDialog,
  args: { dialogId: 1, onClose: fn() },
  // Signed in as the seeded author, whose phone has been unbound (the bindphone outcome).
  parameters: { appFrame: true, scenarios: ['signed-in', 'phone-unbound'] },
} satisfies Meta<typeof BindPhoneDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just forced open: empty fields; Esc does not close it, logout is offered. */
export const Empty: Story = {
  play: async ({ args }) => {
    const dialog = await bindDialog();
    await expect(dialog.getByLabelText(t('session:bind.phone'))).toHaveValue('');
    await expect(dialog.queryByRole('alert')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(dialog.getByRole('button', { name: t('session:bind.logout') })).toBeEnabled();
  },
};

/** A code was sent: the send button counts down 60 s before another may be sent. */
export const Countdown: Story = {
  play: async () => {
    const dialog = await sendCodeTo(NEW_PHONE);
    await expect(
      dialog.getByRole('button', { name: t('auth:resendIn', { seconds: 60 }) }),
    ).toBeDisabled();
  },
};

/** A wrong code: the server's 42210 is shown at the code field; nothing is bound. */
export const WrongCode: Story = {
  play: async ({ args }) => {
    const dialog = await sendCodeTo(NEW_PHONE);
    const wrong = sentCode(NEW_PHONE) === '000000' ? '111111' : '000000';
    await userEvent.type(dialog.getByLabelText(t('auth:code')), wrong);
    await userEvent.click(dialog.getByRole('button', { name: t('session:bind.submit') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t(wrongCodeKey()));
    await expect(dialog.getByLabelText(t('auth:code'))).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The right code: the phone is bound (forced_binding) and the dialog closes. */
export const Success: Story = {
  play: async ({ args }) => {
    const dialog = await sendCodeTo(NEW_PHONE);
    await userEvent.type(dialog.getByLabelText(t('auth:code')), sentCode(NEW_PHONE));
    await userEvent.click(dialog.getByRole('button', { name: t('session:bind.submit') }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(await screen.findByText(t('session:bind.bound'))).toBeInTheDocument();
    const author = db.users.findFirst((q) => q.where({ phone: NEW_PHONE }));
    await expect(author?.uid).toBe('u_author');
  },
};
