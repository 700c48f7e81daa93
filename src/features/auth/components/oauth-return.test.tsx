import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { CHAT_RETURN_COOKIE, CHAT_RETURN_MAX_AGE_S } from '@/config/paths';
import { getCookie, setCookie } from '@/lib/cookie';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { get } from '@mocks/handlers/test-client';
import { oauthUid } from '@mocks/handlers/account';
import { oauthTicketExpired } from '@mocks/scenarios';
import { server } from '@mocks/server';
import { AUTHOR_EMAIL } from '@mocks/seed-ids';
import { renderApp } from '@/testing/render';
import { ui } from '@/testing/ui';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** What the (simulated) provider sends the browser back with: `?code&oauth&state`. */
async function providerReturn(provider: 'wechat' | 'qq' | 'weibo') {
  const started = await get(`/v2/oauth/${provider}`);
  expect(started.status).toBe(200);
  return new URL(started.body.url as string).search;
}

describe('third-party login: the way back', () => {
  it('completes the login at start-up, removes code/oauth/state from the address and keeps the rest', async () => {
    const search = await providerReturn('wechat');
    const { router, store } = renderApp(`/dashboard/abouts${search}&from=mail`);
    await waitFor(() => expect(store.getState().session.uid).toBe(oauthUid('wechat')));
    await ui.toast(t('auth:loggedIn'));
    expect(router.state.location.pathname).toBe('/dashboard/abouts');
    expect(router.state.location.search).toBe('?from=mail');
    expect(storage.get<{ method: string }>(STORAGE_KEYS.lastLogin)?.method).toBe('wechat');
    expect(ui.queryDialog()).toBeNull();
  });

  it('a return to the site root reaches the app through the redirects, and no login prompt stays open', async () => {
    const search = await providerReturn('qq');
    const { router, store } = renderApp(`/${search}`);
    await waitFor(() => expect(store.getState().session.uid).toBe(oauthUid('qq')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/novels'));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(ui.queryDialog()).toBeNull());
  });

  it('a refusal at the provider (no code) opens the login dialog with the reason; the user stays logged out', async () => {
    const { router, store } = renderApp(
      '/dashboard/abouts?oauth=qq&state=st_1&error=access_denied',
    );
    const dialog = await ui.dialog(t('common:auth.loginTitle'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('auth:errors.oauthDenied'),
    );
    expect(store.getState().session.uid).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('a refusal that returns to the site root keeps its reason under the guarded screen that also asks for a login', async () => {
    const { router, store } = renderApp('/?oauth=wechat&state=st_1&error=access_denied');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/novels'));
    await screen.findByRole('heading', { name: t('common:auth.loginRequiredTitle') });
    const dialog = await ui.dialog(t('common:auth.loginTitle'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('auth:errors.oauthDenied'),
    );
    expect(store.getState().session.uid).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('a bad or spent state (callback 42200) opens the login dialog with the failure', async () => {
    const search = await providerReturn('weibo');
    const forged = new URLSearchParams(search);
    forged.set('state', 'st_forged');
    const { router, store } = renderApp(`/dashboard/abouts?${forged.toString()}`);
    const dialog = await ui.dialog(t('common:auth.loginTitle'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('auth:errors.oauthFailed'),
    );
    expect(store.getState().session).toMatchObject({ uid: null, accessToken: null });
    expect(router.state.location.search).toBe('');
  });

  it('an expired ticket at the auth host (user_token 42212) opens the login dialog with the expiry', async () => {
    server.use(...oauthTicketExpired());
    const search = await providerReturn('qq');
    const { store } = renderApp(`/dashboard/abouts${search}`);
    const dialog = await ui.dialog(t('common:auth.loginTitle'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('auth:errors.oauthExpired'),
    );
    expect(store.getState().session).toMatchObject({ uid: null, accessToken: null });
  });

  it('goes callback → auth host user_token → proxy login, in that order', async () => {
    const paths: string[] = [];
    const seen = ({ request }: { request: Request }) => {
      paths.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', seen);
    try {
      const search = await providerReturn('weibo');
      paths.length = 0;
      const { store } = renderApp(`/dashboard/abouts${search}`);
      await waitFor(() => expect(store.getState().session.uid).toBe(oauthUid('weibo')));
    } finally {
      server.events.removeListener('request:start', seen);
    }
    const flow = paths.filter((p) => /oauth|user_token/.test(p));
    expect(flow).toEqual([
      '/v2/oauth/weibo/callback',
      '/oauth2/user_token',
      '/api/v1/auth/oauth_proxy/login',
    ]);
  });
});

/** Spec 1 §2: a logged-out chat visitor goes to Novels; after any login the chat path is restored. */
describe('the chat path is restored after every kind of login', () => {
  async function fromChat() {
    const view = renderApp('/yjin/chat');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/novels'));
    expect(getCookie(CHAT_RETURN_COOKIE)).toBe('/yjin/chat');
    const dialog = await ui.dialog(t('common:auth.loginTitle'));
    return { ...view, dialog };
  }

  async function expectBackInChat(router: ReturnType<typeof renderApp>['router']) {
    await waitFor(() => expect(router.state.location.pathname).toBe('/yjin/chat'));
    expect(getCookie(CHAT_RETURN_COOKIE)).toBeNull();
  }

  it('phone', async () => {
    const { router, user } = await fromChat();
    await ui.logInWithPhone(user);
    await expectBackInChat(router);
  });

  it('e-mail', async () => {
    const { router, user } = await fromChat();
    await ui.logInWithEmail(user, AUTHOR_EMAIL, 'inkworld2026');
    await expectBackInChat(router);
  });

  it('e-mail account creation', async () => {
    const { router, user, dialog } = await fromChat();
    const form = within(dialog);
    const email = 'chat.reader@inkworld.test';
    await user.click(form.getByRole('button', { name: t('auth:modes.email') }));
    await user.click(form.getByRole('button', { name: t('auth:createAccount') }));
    await user.type(form.getByLabelText(t('auth:email')), email);
    await user.click(form.getByRole('button', { name: t('auth:sendCode') }));
    const code = await waitFor(
      () => ui.lastSentCode(email) ?? Promise.reject(new Error('no code')),
    );
    await user.type(form.getByLabelText(t('auth:code')), code);
    await user.click(form.getByRole('button', { name: t('auth:create.next') }));
    await user.type(await form.findByLabelText(t('auth:password')), 'reader2026ink');
    await user.type(form.getByLabelText(t('auth:repeatPassword')), 'reader2026ink');
    await user.click(form.getByRole('button', { name: t('auth:create.submit') }));
    await expectBackInChat(router);
  });

  it('third-party login (the cookie outlives the trip to the provider)', async () => {
    // The trip leaves the app: the cookie is all that is left of the chat visit.
    setCookie(CHAT_RETURN_COOKIE, '/yjin/chat', CHAT_RETURN_MAX_AGE_S);
    const search = await providerReturn('qq');
    const { router, store } = renderApp(`/${search}`);
    await waitFor(() => expect(store.getState().session.uid).toBe(oauthUid('qq')));
    await expectBackInChat(router);
  });

  it('not when the login fails', async () => {
    const { router, user, dialog } = await fromChat();
    await logInWithEmail(user, dialog, AUTHOR_EMAIL, 'wrongpass2026');
    await screen.findByText(t('auth:errors.passwordWrong'));
    expect(router.state.location.pathname).toBe('/dashboard/novels');
    expect(getCookie(CHAT_RETURN_COOKIE)).toBe('/yjin/chat');
  });
});

async function logInWithEmail(
  user: UserEvent,
  dialog: HTMLElement,
  email: string,
  password: string,
) {
  const form = within(dialog);
  await user.click(form.getByRole('button', { name: t('auth:modes.email') }));
  await user.type(form.getByLabelText(t('auth:email')), email);
  await user.type(form.getByLabelText(t('auth:password')), password);
  await user.click(form.getByRole('button', { name: t('auth:submit') }));
}
