import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ToastViewport } from '@/components/ui/toast/toast';
import { i18next } from '@/lib/i18n';
import { md5Hex } from '@/rules/md5';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { handle, http, ok } from '@mocks/http';
import {
  codeExpired,
  codeTooFrequent,
  codeWrong,
  networkDown,
  oauthUnsafeAddress,
  passwordWrong,
} from '@mocks/scenarios';
import { AUTHOR_EMAIL, AUTHOR_PHONE, AUTHOR_UID } from '@mocks/seed-ids';
import { renderWithProviders } from '@/testing/render';
import { ui } from '@/testing/ui';
import { credentialsReceived } from '@/core/session-slice';
import { LoginDialog } from './login-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const AUTHOR_PASSWORD = 'inkworld2026';

function renderDialog(props: { redirect?: (url: string) => void } = {}) {
  const onClose = vi.fn();
  const onSuccess = vi.fn();
  const view = renderWithProviders(
    <>
      <LoginDialog dialogId={1} onClose={onClose} onSuccess={onSuccess} {...props} />
      <ToastViewport />
    </>,
  );
  return { ...view, onClose, onSuccess };
}

/** Every JSON body the mock backend received for `path`. */
function recordBodies(path: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path)
      void request
        .clone()
        .json()
        .then((b: unknown) => bodies.push(b));
  });
  return bodies;
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
const button = (name: string) => within(dialog()).getByRole('button', { name });

/** The field's own error: the alert it points to with aria-describedby. */
async function expectFieldError(label: string, message: string) {
  const input = await waitFor(() => {
    const el = field(label);
    expect(el).toHaveAttribute('aria-invalid', 'true');
    return el;
  });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  expect(texts).toContain(message);
}

/** No half-logged-in state: no credentials, no remembered login, the dialog still open. */
function expectLoggedOut(
  session: { uid: string | null; accessToken: string | null },
  onClose: () => void,
) {
  expect(session.uid).toBeNull();
  expect(session.accessToken).toBeNull();
  expect(storage.get(STORAGE_KEYS.lastLogin)).toBeNull();
  expect(onClose).not.toHaveBeenCalled();
}

async function requestPhoneCode(user: UserEvent, phone = AUTHOR_PHONE) {
  await user.type(field(t('auth:phone')), phone);
  await user.click(button(t('auth:sendCode')));
}

const countdownName = () => new RegExp(t('auth:resendIn', { seconds: '(\\d+)' }));

async function switchToEmail(user: UserEvent) {
  await user.click(button(t('auth:modes.email')));
}

async function sendEmailCodeAndWait(user: UserEvent, email: string) {
  await user.click(button(t('auth:sendCode')));
  return waitFor(() => {
    const code = ui.lastSentCode(email);
    if (!code) throw new Error(`no code sent to ${email}`);
    return code;
  });
}

describe('login dialog: phone + code', () => {
  it('sends a code, counts down to the next send, logs in, remembers the method and closes', async () => {
    const { user, store, onClose, onSuccess } = renderDialog();
    const sent = recordBodies('/v2/user/phone_message');
    await requestPhoneCode(user);
    await ui.toast(t('auth:codeSent'));
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: countdownName() })).toBeDisabled(),
    );
    // Captcha fields go out as the contract wants them; the calling code defaults to 86.
    expect(sent[0]).toMatchObject({ callcode: '86', validate: '', captcha_id: '' });

    await user.type(field(t('auth:code')), ui.lastSentCode(AUTHOR_PHONE)!);
    await user.click(button(t('auth:submit')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSuccess).toHaveBeenCalled();
    expect(store.getState().session.uid).toBe(AUTHOR_UID);
    expect(storage.get<{ method: string }>(STORAGE_KEYS.lastLogin)?.method).toBe('phone');
    await ui.toast(t('auth:loggedIn'));
  });

  it('refuses a malformed number or code at the field, sending nothing', async () => {
    const { user } = renderDialog();
    const sent = recordBodies('/v2/user/phone_message');
    await requestPhoneCode(user, '12345');
    await expectFieldError(t('auth:phone'), t('auth:validation.phoneInvalid'));
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:code'), t('auth:validation.codeInvalid'));
    expect(sent).toEqual([]);
  });

  it('checks the number against the chosen calling code', async () => {
    const { user } = renderDialog();
    await user.selectOptions(field(t('auth:callcode')), '852');
    await requestPhoneCode(user, '91234567');
    await ui.toast(t('auth:codeSent'));
    expect(ui.lastSentCode('91234567')).toMatch(/^\d{6}$/);
  });

  it('shows a wrong code (42210) at the code field', async () => {
    const { user, onClose } = renderDialog();
    await requestPhoneCode(user);
    await ui.toast(t('auth:codeSent'));
    const right = ui.lastSentCode(AUTHOR_PHONE)!;
    await user.type(field(t('auth:code')), right === '000000' ? '111111' : '000000');
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:code'), t('auth:errors.codeWrong'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows an expired code (42211, scenario code-expired) at the code field', async () => {
    const { user, store, onClose } = renderDialog();
    await requestPhoneCode(user);
    await ui.toast(t('auth:codeSent'));
    server.use(...codeExpired());
    await user.type(field(t('auth:code')), ui.lastSentCode(AUTHOR_PHONE)!);
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:code'), t('auth:errors.codeExpired'));
    expectLoggedOut(store.getState().session, onClose);
  });

  it('scenario code-wrong: even the code that was sent is refused at the code field; nobody is logged in', async () => {
    const { user, store, onClose } = renderDialog();
    await requestPhoneCode(user);
    await ui.toast(t('auth:codeSent'));
    server.use(...codeWrong());
    await user.type(field(t('auth:code')), ui.lastSentCode(AUTHOR_PHONE)!);
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:code'), t('auth:errors.codeWrong'));
    expectLoggedOut(store.getState().session, onClose);
  });

  it('shows "too soon" (42901) at the phone field and resumes the countdown from the server', async () => {
    server.use(...codeTooFrequent(42));
    const { user } = renderDialog();
    await requestPhoneCode(user);
    await expectFieldError(t('auth:phone'), t('auth:errors.codeTooFrequent'));
    const countdown = within(dialog()).getByRole('button', { name: countdownName() });
    expect(Number(countdownName().exec(countdown.textContent ?? '')?.[1])).toBeLessThanOrEqual(42);
    expect(Number(countdownName().exec(countdown.textContent ?? '')?.[1])).toBeGreaterThan(40);
  });

  it('without a connection says so for the whole form', async () => {
    server.use(...networkDown());
    const { user } = renderDialog();
    await requestPhoneCode(user);
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(t('errors:network'));
    expect(field(t('auth:phone'))).not.toHaveAttribute('aria-invalid');
    // Nothing was sent, so the form asks for a code before calling anything.
    await user.type(field(t('auth:code')), '123456');
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:code'), t('auth:validation.codeNotSent'));
  });
});

describe('login dialog: e-mail + password', () => {
  it('sends the MD5 of the password, never the password, and logs in', async () => {
    const { user, store, onClose } = renderDialog();
    const bodies = recordBodies('/v2/user/email_login');
    await switchToEmail(user);
    await user.type(field(t('auth:email')), AUTHOR_EMAIL);
    await user.type(field(t('auth:password')), AUTHOR_PASSWORD);
    await user.click(button(t('auth:submit')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      email: AUTHOR_EMAIL,
      pwd: md5Hex(AUTHOR_PASSWORD),
      type: 'login',
    });
    expect(JSON.stringify(bodies[0])).not.toContain(AUTHOR_PASSWORD);
    expect(store.getState().session.uid).toBe(AUTHOR_UID);
    expect(storage.get<{ method: string }>(STORAGE_KEYS.lastLogin)?.method).toBe('email');
  });

  it('shows a wrong password (40101) at the password field', async () => {
    const { user, store } = renderDialog();
    await switchToEmail(user);
    await user.type(field(t('auth:email')), AUTHOR_EMAIL);
    await user.type(field(t('auth:password')), 'wrongpass99');
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:password'), t('auth:errors.passwordWrong'));
    expect(store.getState().session.uid).toBeNull();
  });

  it('scenario password-wrong: even the right password is refused at the password field; nobody is logged in', async () => {
    server.use(...passwordWrong());
    const { user, store, onClose } = renderDialog();
    await switchToEmail(user);
    await user.type(field(t('auth:email')), AUTHOR_EMAIL);
    await user.type(field(t('auth:password')), AUTHOR_PASSWORD);
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:password'), t('auth:errors.passwordWrong'));
    expectLoggedOut(store.getState().session, onClose);
  });

  it('checks the e-mail and the password rule (9+ characters with a digit) before sending', async () => {
    const { user } = renderDialog();
    const bodies = recordBodies('/v2/user/email_login');
    await switchToEmail(user);
    await user.type(field(t('auth:email')), 'author@inkworld');
    await user.type(field(t('auth:password')), 'abcdefg1');
    await user.click(button(t('auth:submit')));
    await expectFieldError(t('auth:email'), t('auth:validation.emailInvalid'));
    await expectFieldError(t('auth:password'), t('auth:validation.passwordInvalid'));
    expect(bodies).toEqual([]);
  });
});

describe('login dialog: e-mail account creation', () => {
  it('confirms the address with a code, then creates the account with a hashed password', async () => {
    const { user, store, onClose } = renderDialog();
    const bodies = recordBodies('/v2/user/email_login');
    const email = 'new.writer@inkworld.test';
    await switchToEmail(user);
    await user.click(button(t('auth:createAccount')));
    expect(screen.getByRole('dialog', { name: t('auth:create.title') })).toBeInTheDocument();
    await user.type(field(t('auth:email')), email);
    const code = await sendEmailCodeAndWait(user, email);
    await user.type(field(t('auth:code')), code);
    await user.click(button(t('auth:create.next')));

    await screen.findByText(t('auth:create.stepPassword', { email }));
    await waitFor(() => expect(field(t('auth:password'))).toHaveFocus());
    await user.type(field(t('auth:password')), 'newwriter2026');
    await user.type(field(t('auth:repeatPassword')), 'newwriter2027');
    await user.click(button(t('auth:create.submit')));
    await expectFieldError(t('auth:repeatPassword'), t('auth:validation.passwordsDiffer'));
    expect(bodies).toEqual([]);

    await user.clear(field(t('auth:repeatPassword')));
    await user.type(field(t('auth:repeatPassword')), 'newwriter2026');
    await user.click(button(t('auth:create.submit')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ email, pwd: md5Hex('newwriter2026'), type: 'create' });
    const created = db.users.findFirst((q) => q.where({ email }));
    expect(created?.uid).toBe(store.getState().session.uid);
  });

  it('shows a wrong code (42210) at the code field of step 1', async () => {
    const { user } = renderDialog();
    const email = 'wrong.code@inkworld.test';
    await switchToEmail(user);
    await user.click(button(t('auth:createAccount')));
    await user.type(field(t('auth:email')), email);
    const code = await sendEmailCodeAndWait(user, email);
    await user.type(field(t('auth:code')), code === '000000' ? '111111' : '000000');
    await user.click(button(t('auth:create.next')));
    await expectFieldError(t('auth:code'), t('auth:errors.codeWrong'));
  });

  it('an address that already has an account is told so', async () => {
    const { user } = renderDialog();
    await switchToEmail(user);
    await user.click(button(t('auth:createAccount')));
    await user.type(field(t('auth:email')), AUTHOR_EMAIL);
    const code = await sendEmailCodeAndWait(user, AUTHOR_EMAIL);
    await user.type(field(t('auth:code')), code);
    await user.click(button(t('auth:create.next')));
    await user.type(await screen.findByLabelText(t('auth:password')), 'another2026x');
    await user.type(field(t('auth:repeatPassword')), 'another2026x');
    await user.click(button(t('auth:create.submit')));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      t('auth:errors.emailTaken'),
    );
  });
});

describe('login dialog: password reset', () => {
  it('sets a new password with an e-mail code, returns to e-mail login, and the new one works', async () => {
    const { user, onClose } = renderDialog();
    const resets = recordBodies('/v2/user/reset_pwd');
    await switchToEmail(user);
    await user.type(field(t('auth:email')), AUTHOR_EMAIL);
    await user.click(button(t('auth:forgotPassword')));
    expect(screen.getByRole('dialog', { name: t('auth:reset.title') })).toBeInTheDocument();
    expect(field(t('auth:email'))).toHaveValue(AUTHOR_EMAIL);
    const code = await sendEmailCodeAndWait(user, AUTHOR_EMAIL);
    await user.type(field(t('auth:code')), code);
    await user.type(field(t('auth:newPassword')), 'fresh2026pen');
    await user.type(field(t('auth:repeatPassword')), 'fresh2026pen');
    await user.click(button(t('auth:reset.submit')));
    await ui.toast(t('auth:reset.done'));
    expect(resets[0]).toMatchObject({ pwd: md5Hex('fresh2026pen'), code });

    await screen.findByRole('dialog', { name: t('common:auth.loginTitle') });
    expect(field(t('auth:email'))).toHaveValue(AUTHOR_EMAIL);
    await user.type(field(t('auth:password')), 'fresh2026pen');
    await user.click(button(t('auth:submit')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('an e-mail without an account (40101) is shown at the e-mail field', async () => {
    const { user } = renderDialog();
    const email = 'nobody@inkworld.test';
    await switchToEmail(user);
    await user.click(button(t('auth:forgotPassword')));
    await user.type(field(t('auth:email')), email);
    const code = await sendEmailCodeAndWait(user, email);
    await user.type(field(t('auth:code')), code);
    await user.type(field(t('auth:newPassword')), 'fresh2026pen');
    await user.type(field(t('auth:repeatPassword')), 'fresh2026pen');
    await user.click(button(t('auth:reset.submit')));
    await expectFieldError(t('auth:email'), t('auth:errors.noAccount'));
  });

  it('an expired code (42211) is shown at the code field', async () => {
    const { user } = renderDialog();
    await switchToEmail(user);
    await user.click(button(t('auth:forgotPassword')));
    await user.type(field(t('auth:email')), AUTHOR_EMAIL);
    const code = await sendEmailCodeAndWait(user, AUTHOR_EMAIL);
    server.use(...codeExpired());
    await user.type(field(t('auth:code')), code);
    await user.type(field(t('auth:newPassword')), 'fresh2026pen');
    await user.type(field(t('auth:repeatPassword')), 'fresh2026pen');
    await user.click(button(t('auth:reset.submit')));
    await expectFieldError(t('auth:code'), t('auth:errors.codeExpired'));
  });
});

describe('login dialog: third-party login', () => {
  it('asks the backend for the provider address and sends the browser there', async () => {
    const redirect = vi.fn();
    const { user } = renderDialog({ redirect });
    const qq = t('auth:oauth.with', { provider: t('auth:oauth.qq') });
    await user.click(button(qq));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    const url = new URL(redirect.mock.calls[0]![0] as string);
    expect(url.searchParams.get('oauth')).toBe('qq');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(
      within(dialog()).getByText(t('auth:oauth.redirecting', { provider: t('auth:oauth.qq') })),
    ).toBeInTheDocument();
    expect(button(qq)).toBeDisabled();
  });

  it.each([
    ['javascript:', 'javascript:alert(document.domain)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['plain http', 'http://open.weixin.qq.com/connect/qrconnect?state=s'],
    ['an unknown https host', 'https://open.weixin.qq.com.evil.example/connect'],
  ])('refuses to follow %s from the start call, with a message', async (_, address) => {
    server.use(
      http.get(
        '/v2/oauth/{provider}',
        handle(() => ok({ url: address })),
      ),
    );
    const redirect = vi.fn();
    const { user } = renderDialog({ redirect });
    const wechat = t('auth:oauth.with', { provider: t('auth:oauth.wechat') });
    await user.click(button(wechat));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      t('auth:errors.oauthUnsafeAddress'),
    );
    expect(redirect).not.toHaveBeenCalled();
    // Nothing left half-way: the buttons work again.
    expect(button(wechat)).toBeEnabled();
  });

  it('follows the provider’s own https host', async () => {
    const address = 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=st_1';
    server.use(
      http.get(
        '/v2/oauth/{provider}',
        handle(() => ok({ url: address })),
      ),
    );
    const redirect = vi.fn();
    const { user } = renderDialog({ redirect });
    await user.click(button(t('auth:oauth.with', { provider: t('auth:oauth.wechat') })));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(address));
  });

  it('the oauth-unsafe-address scenario is refused the same way', async () => {
    server.use(...oauthUnsafeAddress());
    const redirect = vi.fn();
    const { user } = renderDialog({ redirect });
    await user.click(button(t('auth:oauth.with', { provider: t('auth:oauth.qq') })));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      t('auth:errors.oauthUnsafeAddress'),
    );
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a start failure is shown in the third-party section', async () => {
    server.use(...networkDown());
    const redirect = vi.fn();
    const { user } = renderDialog({ redirect });
    await user.click(button(t('auth:oauth.with', { provider: t('auth:oauth.weibo') })));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(t('errors:network'));
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('login dialog: signed in elsewhere', () => {
  it('closes when another tab signs this one in, without running the action it was opened for', async () => {
    const { store, onClose, onSuccess } = renderDialog();
    expect(dialog()).toBeInTheDocument();
    // What src/core/cross-tab.ts dispatches when another tab's login reaches this one.
    act(() => {
      store.dispatch(
        credentialsReceived({ uid: AUTHOR_UID, access_token: 'a-1', refresh_token: 'r-1' }),
      );
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
