import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { codeExpired, codeTooFrequent, networkDown, oauthDenied } from '@mocks/scenarios';
import { AUTHOR_EMAIL, AUTHOR_PHONE } from '@mocks/seed-ids';
import { LoginDialog } from './login-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The newest code the mock backend "sent" to a phone number or address (the dev panel's list). */
function latestCode(target: string): string {
  const row = db.codes
    .all()
    .filter((c) => c.target.endsWith(` ${target}`) || c.target === target.toLowerCase())
    .sort((a, b) => b.sent_at - a.sent_at)[0];
  if (!row) throw new Error(`no code was sent to ${target}`);
  return row.code;
}

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

async function theDialog(title = t('common:auth.loginTitle')) {
  return within(await screen.findByRole('dialog', { name: title }));
}

async function requestPhoneCode(phone: string) {
  const form = await theDialog();
  await userEvent.type(form.getByLabelText(t('auth:phone')), phone);
  await userEvent.click(form.getByRole('button', { name: t('auth:sendCode') }));
  return form;
}

async function sendEmailCode(form: ReturnType<typeof within>, email: string) {
  await userEvent.type(form.getByLabelText(t('auth:email')), email);
  await userEvent.click(form.getByRole('button', { name: t('auth:sendCode') }));
  return waitFor(() => latestCode(email));
}

/** The field labelled `label` is marked invalid and its alert says `message`. */
async function expectFieldError(form: ReturnType<typeof within>, label: string, message: string) {
  await waitFor(() => expect(form.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true'));
  await expect(form.getByLabelText(label)).toHaveAccessibleDescription(
    expect.stringContaining(message),
  );
}

const meta = {
  title: 'Auth/Login dialog',
  component: LoginDialog,
  args: { dialogId: 1, onClose: fn(), onSuccess: fn(), redirect: fn() },
  // The app frame shows the toasts the flow raises ("code sent", "logged in").
  parameters: { appFrame: true, msw: { handlers } },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

// ---------------------------------------------------------------- phone + code

/** Just opened: phone login, calling code +86, nothing sent, no error. */
export const PhoneEmpty: Story = {
  play: async () => {
    const form = await theDialog();
    await expect(form.getByLabelText(t('auth:phone'))).toHaveValue('');
    await expect(form.getByLabelText(t('auth:callcode'))).toHaveValue('86');
    await expect(form.getByRole('button', { name: t('auth:modes.phone') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(form.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Submitted empty: each field says what is wrong, nothing is sent. */
export const PhoneFieldErrors: Story = {
  play: async () => {
    const form = await theDialog();
    await userEvent.type(form.getByLabelText(t('auth:phone')), '12345');
    await userEvent.click(form.getByRole('button', { name: t('auth:submit') }));
    await expectFieldError(form, t('auth:phone'), t('auth:validation.phoneInvalid'));
    await expectFieldError(form, t('auth:code'), t('auth:validation.codeInvalid'));
  },
};

/** A code was sent: the button counts down to the next allowed send. */
export const PhoneCodeSent: Story = {
  play: async () => {
    const form = await requestPhoneCode(AUTHOR_PHONE);
    await waitFor(() => expect(form.getByRole('button', { name: /\d+/ })).toBeDisabled());
  },
};

/** A mistyped code (42210): the reason at the code field. */
export const PhoneWrongCode: Story = {
  play: async () => {
    const form = await requestPhoneCode(AUTHOR_PHONE);
    const code = await waitFor(() => latestCode(AUTHOR_PHONE));
    await userEvent.type(form.getByLabelText(t('auth:code')), wrongCode(code));
    await userEvent.click(form.getByRole('button', { name: t('auth:submit') }));
    await expectFieldError(form, t('auth:code'), t('auth:errors.codeWrong'));
  },
};

/** Scenario `code-expired` (42211): the reason at the code field. */
export const PhoneCodeExpired: Story = {
  parameters: { msw: { handlers: [...codeExpired(), ...handlers] } },
  play: async () => {
    const form = await requestPhoneCode(AUTHOR_PHONE);
    const code = await waitFor(() => latestCode(AUTHOR_PHONE));
    await userEvent.type(form.getByLabelText(t('auth:code')), code);
    await userEvent.click(form.getByRole('button', { name: t('auth:submit') }));
    await expectFieldError(form, t('auth:code'), t('auth:errors.codeExpired'));
  },
};

/** Scenario `code-too-frequent` (42901): the reason at the phone field, the countdown resumed. */
export const PhoneCodeTooSoon: Story = {
  parameters: { msw: { handlers: [...codeTooFrequent(), ...handlers] } },
  play: async () => {
    const form = await requestPhoneCode(AUTHOR_PHONE);
    await expectFieldError(form, t('auth:phone'), t('auth:errors.codeTooFrequent'));
    await expect(form.getByRole('button', { name: /4\d/ })).toBeDisabled();
  },
};

/** No connection: the connectivity message for the whole form, never a raw error. */
export const NetworkDown: Story = {
  parameters: { msw: { handlers: networkDown() } },
  play: async () => {
    const form = await requestPhoneCode(AUTHOR_PHONE);
    await expect(await form.findByRole('alert')).toHaveTextContent(t('errors:network'));
  },
};

// ---------------------------------------------------------------- e-mail + password

/** E-mail login, empty, with the ways to create an account or reset the password. */
export const EmailEmpty: Story = {
  args: { mode: 'email' },
  play: async () => {
    const form = await theDialog();
    await expect(form.getByLabelText(t('auth:email'))).toHaveValue('');
    await expect(form.getByRole('button', { name: t('auth:forgotPassword') })).toBeVisible();
    await expect(form.getByRole('button', { name: t('auth:createAccount') })).toBeVisible();
  },
};

/** A malformed address and a password under the rule (9+ characters with a digit). */
export const EmailFieldErrors: Story = {
  args: { mode: 'email' },
  play: async () => {
    const form = await theDialog();
    await userEvent.type(form.getByLabelText(t('auth:email')), 'author@inkworld');
    await userEvent.type(form.getByLabelText(t('auth:password')), 'short1');
    await userEvent.click(form.getByRole('button', { name: t('auth:submit') }));
    await expectFieldError(form, t('auth:email'), t('auth:validation.emailInvalid'));
    await expectFieldError(form, t('auth:password'), t('auth:validation.passwordInvalid'));
  },
};

/** A wrong password (40101): the reason at the password field. */
export const EmailWrongPassword: Story = {
  args: { mode: 'email' },
  play: async () => {
    const form = await theDialog();
    await userEvent.type(form.getByLabelText(t('auth:email')), AUTHOR_EMAIL);
    await userEvent.type(form.getByLabelText(t('auth:password')), 'wrongpass2026');
    await userEvent.click(form.getByRole('button', { name: t('auth:submit') }));
    await expectFieldError(form, t('auth:password'), t('auth:errors.passwordWrong'));
  },
};

/** The seeded author logs in; the dialog reports success and closes. */
export const EmailLoggedIn: Story = {
  args: { mode: 'email' },
  play: async ({ args }) => {
    const form = await theDialog();
    await userEvent.type(form.getByLabelText(t('auth:email')), AUTHOR_EMAIL);
    await userEvent.type(form.getByLabelText(t('auth:password')), 'inkworld2026');
    await userEvent.click(form.getByRole('button', { name: t('auth:submit') }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(await screen.findByText(t('auth:loggedIn'))).toBeInTheDocument();
  },
};

// ---------------------------------------------------------------- e-mail account creation

/** Creation, step 1: the address and its code. */
export const CreateStepCode: Story = {
  args: { mode: 'create' },
  play: async () => {
    const form = await theDialog(t('auth:create.title'));
    await expect(form.getByText(t('auth:create.stepCode'))).toBeInTheDocument();
    await expect(form.getByRole('button', { name: t('auth:create.next') })).toBeEnabled();
  },
};

/** Creation, step 1 with a wrong code (42210) at the code field. */
export const CreateWrongCode: Story = {
  args: { mode: 'create' },
  play: async () => {
    const form = await theDialog(t('auth:create.title'));
    const code = await sendEmailCode(form, 'story.writer@inkworld.test');
    await userEvent.type(form.getByLabelText(t('auth:code')), wrongCode(code));
    await userEvent.click(form.getByRole('button', { name: t('auth:create.next') }));
    await expectFieldError(form, t('auth:code'), t('auth:errors.codeWrong'));
  },
};

/** Creation, step 2: the address is confirmed; the two passwords must agree. */
export const CreateStepPassword: Story = {
  args: { mode: 'create' },
  play: async () => {
    const email = 'story.writer@inkworld.test';
    const form = await theDialog(t('auth:create.title'));
    const code = await sendEmailCode(form, email);
    await userEvent.type(form.getByLabelText(t('auth:code')), code);
    await userEvent.click(form.getByRole('button', { name: t('auth:create.next') }));
    await form.findByText(t('auth:create.stepPassword', { email }));
    await userEvent.type(form.getByLabelText(t('auth:password')), 'storywriter1');
    await userEvent.type(form.getByLabelText(t('auth:repeatPassword')), 'storywriter2');
    await userEvent.click(form.getByRole('button', { name: t('auth:create.submit') }));
    await expectFieldError(form, t('auth:repeatPassword'), t('auth:validation.passwordsDiffer'));
  },
};

// ---------------------------------------------------------------- password reset

/** Reset: address, code, new password twice. */
export const ResetEmpty: Story = {
  args: { mode: 'reset' },
  play: async () => {
    const form = await theDialog(t('auth:reset.title'));
    await expect(form.getByLabelText(t('auth:newPassword'))).toHaveValue('');
    await expect(form.getByRole('button', { name: t('auth:backToLogin') })).toBeVisible();
  },
};

/** Reset for an address without an account (40101): the reason at the e-mail field. */
export const ResetNoAccount: Story = {
  args: { mode: 'reset' },
  play: async () => {
    const form = await theDialog(t('auth:reset.title'));
    const code = await sendEmailCode(form, 'nobody@inkworld.test');
    await userEvent.type(form.getByLabelText(t('auth:code')), code);
    await userEvent.type(form.getByLabelText(t('auth:newPassword')), 'fresh2026pen');
    await userEvent.type(form.getByLabelText(t('auth:repeatPassword')), 'fresh2026pen');
    await userEvent.click(form.getByRole('button', { name: t('auth:reset.submit') }));
    await expectFieldError(form, t('auth:email'), t('auth:errors.noAccount'));
  },
};

// ---------------------------------------------------------------- third-party login

/** A provider was chosen: the browser is on its way there (the story's redirect only records it). */
export const OauthRedirecting: Story = {
  play: async ({ args }) => {
    const form = await theDialog();
    const qq = t('auth:oauth.with', { provider: t('auth:oauth.qq') });
    await userEvent.click(form.getByRole('button', { name: qq }));
    await form.findByText(t('auth:oauth.redirecting', { provider: t('auth:oauth.qq') }));
    await expect(args.redirect).toHaveBeenCalledWith(expect.stringContaining('oauth=qq'));
    await expect(form.getByRole('button', { name: qq })).toBeDisabled();
  },
};

/** Back from a provider that refused (scenario `oauth-denied`): the reason, still logged out. */
export const OauthDenied: Story = {
  args: { oauthErrorKey: 'auth:errors.oauthDenied' },
  parameters: { msw: { handlers: [...oauthDenied(), ...handlers] } },
  play: async () => {
    const form = await theDialog();
    await expect(await form.findByRole('alert')).toHaveTextContent(t('auth:errors.oauthDenied'));
  },
};

/** The callback refused the state (42200): the failure, and the buttons to try again. */
export const OauthCallbackFailed: Story = {
  args: { oauthErrorKey: 'auth:errors.oauthFailed' },
  play: async () => {
    const form = await theDialog();
    await expect(await form.findByRole('alert')).toHaveTextContent(t('auth:errors.oauthFailed'));
    await expect(
      form.getByRole('button', {
        name: t('auth:oauth.with', { provider: t('auth:oauth.wechat') }),
      }),
    ).toBeEnabled();
  },
};
