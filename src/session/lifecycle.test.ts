import { afterEach, describe, expect, it } from 'vitest';
import { addListener } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { startupApi } from '@/api/account/startup';
import { credentialsReceived, sessionEnded } from '@/core/session-slice';
import type { AppStore } from '@/app/store';
import { testStore } from '@/testing/test-store';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { BACKOFF_BASE_MS } from '@/lib/socket';
import { installManualClock } from '@/testing/manual-clock';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { networkDown } from '@mocks/scenarios';
import {
  banned,
  loginStateError,
  phoneUnbound,
  refreshFails,
  signedIn,
  tokenExpired,
  tokenExpiringSoon,
  userLookupFails,
} from '@mocks/scenarios/session';
import type { ClientSession } from '@mocks/scenarios/session';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { offContract } from '@/testing/contract-guard';
import { socketConnections, socketDrops } from '@mocks/handlers/socket';
import { loginCompleted } from './events';
import { startSessionLifecycle, type SessionLifecycle } from './lifecycle';
import { LOGIN_DIALOG_DELAY_MS, LOGIN_EVENT_DELAY_MS } from './startup-outcome';
import { REFRESH_RETRY_BASE_MS } from './token-timer';

const running: SessionLifecycle[] = [];
afterEach(() => {
  while (running.length) running.pop()!.stop();
  server.events.removeAllListeners();
});

function storeWith(s: ClientSession | null): AppStore {
  return testStore(
    s
      ? {
          session: {
            uid: s.uid,
            accessToken: s.accessToken,
            refreshToken: s.refreshToken,
            endedBy: null,
          },
        }
      : {},
  );
}

function start(store: AppStore, withSocket = false) {
  const life = startSessionLifecycle(store, withSocket ? {} : { socket: null });
  running.push(life);
  return life;
}

function countCalls(path: string) {
  const seen = { n: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path) seen.n += 1;
  });
  return seen;
}

/** Waits until `check` holds (what the session, the socket or the backend shows). */
const until = (check: () => boolean) =>
  waitFor(
    () => {
      if (!check()) throw new Error('not yet');
    },
    { interval: 10 },
  );

/**
 * The app's timers on a manual clock that starts at the real now (the mock backend's tokens
 * and time service keep the real clock).
 */
const manualClock = () => installManualClock(Date.now());

/**
 * The session's end message is shown; the login dialog follows `LOGIN_DIALOG_DELAY_MS` later
 * on the app's clock (its delay starts as the message is shown).
 */
async function endMessageShown(store: AppStore, messageKey: string) {
  await until(() => store.getState().toast.current?.msg === i18next.t(messageKey));
}

describe('start-up outcomes, carried out', () => {
  it('a visitor without a session: login, nothing asked', async () => {
    const calls = countCalls('/v2/user/' + AUTHOR_UID + '/info');
    expect(await start(storeWith(null)).ready).toBe('login');
    expect(calls.n).toBe(0);
    expect(dialogStore.getSnapshot()).toEqual([]);
  });

  it('success: the signed-in author with a phone; the socket connects with the token', async () => {
    const s = await signedIn();
    const store = storeWith(s);
    const life = start(store, true);
    expect(await life.ready).toBe('success');
    await until(() => life.socket?.state() === 'open');
    expect(life.socket?.socketToken()).toBe(s.accessToken);
    expect(dialogStore.getSnapshot()).toEqual([]);
  });

  it('shut: the ban dialog opens with the end time', async () => {
    const s = await signedIn();
    await banned(AUTHOR_UID, 3600);
    const end = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.shut_end_time;
    expect(await start(storeWith(s)).ready).toBe('shut');
    expect(dialogStore.getSnapshot()).toMatchObject([{ name: 'ban', props: { endS: end } }]);
  });

  it('bindphone: the bind-phone dialog is forced', async () => {
    const s = await signedIn();
    await phoneUnbound();
    expect(await start(storeWith(s)).ready).toBe('bindphone');
    expect(dialogStore.getSnapshot()).toMatchObject([{ name: 'bindPhone' }]);
  });

  it('login_reset: the account is gone, pro_ storage is cleared but theme and language stay', async () => {
    const s = await userLookupFails();
    storage.set(STORAGE_KEYS.retentionPopup, 1);
    storage.set(STORAGE_KEYS.theme, 'dark');
    storage.set(STORAGE_KEYS.lang, 'en');
    const manual = manualClock();
    const store = storeWith(s);
    expect(await start(store).ready).toBe('login_reset');
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'reset' });
    await endMessageShown(store, 'session:startup.userMissing');
    await manual.advance(LOGIN_DIALOG_DELAY_MS);
    await until(() => dialogStore.isOpen('login'));
    expect(storage.get(STORAGE_KEYS.retentionPopup)).toBeNull();
    expect(storage.get(STORAGE_KEYS.theme)).toBe('dark');
    expect(storage.get(STORAGE_KEYS.lang)).toBe('en');
  });

  it('error-1: login-state error, then the login dialog after 500 ms', async () => {
    server.use(...loginStateError());
    const s = await signedIn();
    const manual = manualClock();
    const store = storeWith(s);
    expect(await start(store).ready).toBe('error-1');
    const ended = manual.now();
    expect(store.getState().session.endedBy).toBe('stateError');
    await endMessageShown(store, 'session:startup.loginStateError');
    await manual.advance(LOGIN_DIALOG_DELAY_MS - 1);
    expect(dialogStore.isOpen('login')).toBe(false);
    await manual.advance(1);
    await until(() => dialogStore.isOpen('login'));
    expect(manual.now() - ended).toBeGreaterThanOrEqual(450);
    expect(store.getState().toast.current?.msg).toMatch(/登录状态异常/);
  });

  it('error: the network is down, the session is kept and the message shown', async () => {
    const s = await signedIn();
    server.use(...networkDown());
    const store = storeWith(s);
    expect(await start(store).ready).toBe('error');
    expect(store.getState().session.uid).toBe(AUTHOR_UID);
    expect(store.getState().toast.current?.type).toBe('error');
    expect(store.getState().toast.current?.msg).toBe(
      i18next.t('session:startup.failed', { reason: i18next.t('errors:network') }),
    );
  });

  it('error: a 500 of the user lookup names the service failure and its id', async () => {
    const s = await signedIn();
    server.use(
      http.post('*/v2/user/:uid/info', () =>
        HttpResponse.json(
          { error_code: 50000, error_msg: 'down', content: null, error_id: 'err_boot' },
          { status: 500 },
        ),
      ),
    );
    const store = storeWith(s);
    expect(await start(store).ready).toBe('error');
    expect(store.getState().session.uid).toBe(AUTHOR_UID);
    const msg = store.getState().toast.current?.msg ?? '';
    expect(msg).toBe(
      i18next.t('session:startup.failed', {
        reason: i18next.t('errors:serverWithId', { id: 'err_boot' }),
      }),
    );
    expect(msg).not.toContain('网络');
  });

  it('login: a stored token that is expired on the server clock ends the session', async () => {
    const s = await signedIn();
    // The server's clock (the time service) is 8 days ahead: the 7-day token is over.
    clock.shift(8 * 86400_000);
    const manual = manualClock();
    const store = storeWith(s);
    const life = start(store);
    expect(await life.ready).toBe('login');
    expect(life.clock.synced()).toBe(true);
    expect(store.getState().session.endedBy).toBe('expired');
    // The offset is the store's too (the screens that judge by the server's now), kept past
    // the session's end.
    expect(store.getState().session.clockOffsetMs).toBeGreaterThan(8 * 86400_000 - 60_000);
    // The login dialog follows (and opens within this test, not the next).
    await endMessageShown(store, 'errors:sessionExpired');
    await manual.advance(LOGIN_DIALOG_DELAY_MS);
    await until(() => dialogStore.isOpen('login'));
  });

  it('login: a token the server refuses and whose refresh is refused gives the expired message, then the login dialog after 500 ms', async () => {
    server.use(...refreshFails());
    const s = await signedIn();
    // Valid by its own times, but the server has ended it (40103 on the lookup).
    await tokenExpired();
    const manual = manualClock();
    const store = storeWith(s);
    let ended = 0;
    let openAtEnd: boolean | null = null;
    store.subscribe(() => {
      if (ended || store.getState().session.endedBy !== 'expired') return;
      ended = manual.now();
      openAtEnd = dialogStore.isOpen('login');
    });
    expect(await start(store).ready).toBe('login');
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'expired' });
    expect(openAtEnd).toBe(false);
    await endMessageShown(store, 'errors:sessionExpired');
    await manual.advance(LOGIN_DIALOG_DELAY_MS - 1);
    expect(dialogStore.isOpen('login')).toBe(false);
    await manual.advance(1);
    await until(() => dialogStore.isOpen('login'));
    expect(manual.now() - ended).toBeGreaterThanOrEqual(450);
    // The session-expired message, not the network one.
    expect(store.getState().toast.current?.msg).toBe(i18next.t('errors:sessionExpired'));
  });

  it('login, not error: a session that ends during the lookup (a logout in another tab)', async () => {
    const s = await signedIn();
    const store = storeWith(s);
    server.use(
      http.post('*/v2/user/:uid/info', () => {
        // The session ends while the lookup is on its way to the backend.
        store.dispatch(sessionEnded('logout'));
        // Nothing returned: the request goes on to the backend's own handler.
        return undefined;
      }),
    );
    expect(await start(store).ready).toBe('login');
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'logout' });
    expect(store.getState().toast.current).toBeNull();
  });

  it('falls back to the local clock when the time service fails', async () => {
    server.use(http.post('*/time', () => HttpResponse.error()));
    const s = await signedIn();
    const life = start(storeWith(s));
    expect(await life.ready).toBe('success');
    expect(life.clock.synced()).toBe(false);
  });
});

describe('token lifecycle', () => {
  it('refreshes once at start when under 86400 s are left, then carries on', async () => {
    // Tokens issued with a short life: their own exp says under a day.
    const { tokenPolicy } = await import('@mocks/tokens');
    tokenPolicy.accessTtlS = 3600;
    const s = await signedIn();
    tokenPolicy.accessTtlS = 7 * 86400;
    await tokenExpiringSoon();
    const refreshes = countCalls('/api/v1/user/refresh');
    const store = storeWith(s);
    expect(await start(store).ready).toBe('success');
    expect(refreshes.n).toBe(1);
    expect(store.getState().session.accessToken).not.toBe(s.accessToken);
  });

  it('mid-session, a token that stops being valid closes the socket and logs out', async () => {
    const s = await signedIn();
    const store = storeWith(s);
    const life = start(store, true);
    expect(await life.ready).toBe('success');
    await until(() => life.socket?.state() === 'open');
    // The server clock moves past exp: the offset is read again, as after a resync.
    life.clock.setOffset(8 * 86400_000);
    await life.checkToken();
    expect(life.socket?.state()).toBe('idle');
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'expired' });
  });

  it('a refused refresh ends the session (refresh-fails)', async () => {
    server.use(...refreshFails());
    const { tokenPolicy } = await import('@mocks/tokens');
    tokenPolicy.accessTtlS = 3600;
    const s = await signedIn();
    const store = storeWith(s);
    expect(await start(store).ready).toBe('login');
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'expired' });
  });

  it('a refresh at start that cannot reach the server keeps the session; the timer tries again later', async () => {
    let down = true;
    const { tokenPolicy } = await import('@mocks/tokens');
    tokenPolicy.accessTtlS = 3600;
    const s = await signedIn();
    tokenPolicy.accessTtlS = 7 * 86400;
    server.use(
      http.post('*/api/v1/user/refresh', () =>
        down
          ? offContract(
              HttpResponse.json(
                { error_code: 50300, error_msg: 'unavailable', content: null },
                { status: 503 },
              ),
              'the refresh service is down',
            )
          : undefined,
      ),
    );
    const refreshes = countCalls('/api/v1/user/refresh');
    const manual = manualClock();
    const store = storeWith(s);
    const life = start(store);
    expect(await life.ready).toBe('success');
    expect(store.getState().session).toMatchObject({
      uid: AUTHOR_UID,
      accessToken: s.accessToken,
      endedBy: null,
    });
    expect(refreshes.n).toBe(1);
    // The timer backs off instead of asking again at once: nothing until the back-off's end.
    await manual.advance(REFRESH_RETRY_BASE_MS - 1);
    expect(refreshes.n).toBe(1);
    expect(store.getState().toast.current).toBeNull();
    // A later check (the back-off's, or the tab becoming visible) refreshes once it answers.
    down = false;
    await life.checkToken();
    expect(refreshes.n).toBe(2);
    expect(store.getState().session.accessToken).not.toBe(s.accessToken);
    expect(store.getState().session.endedBy).toBeNull();
  });

  it('mid-session, a refresh that fails on the network keeps the session', async () => {
    const { tokenPolicy } = await import('@mocks/tokens');
    tokenPolicy.accessTtlS = 3600;
    const s = await signedIn();
    tokenPolicy.accessTtlS = 7 * 86400;
    server.use(http.post('*/api/v1/user/refresh', () => HttpResponse.error()));
    const store = storeWith(s);
    const life = start(store);
    await life.ready;
    await life.checkToken();
    expect(store.getState().session).toMatchObject({ uid: AUTHOR_UID, endedBy: null });
    expect(dialogStore.isOpen('login')).toBe(false);
  });

  it('the socket reconnects with the new token after a refresh', async () => {
    const s = await signedIn();
    const store = storeWith(s);
    const life = start(store, true);
    await life.ready;
    await until(() => life.socket?.state() === 'open');
    const { refreshSession } = await import('@/core/refresh');
    expect((await refreshSession(store)).outcome).toBe('refreshed');
    const fresh = store.getState().session.accessToken;
    expect(fresh).not.toBe(s.accessToken);
    expect(life.socket?.socketToken()).toBe(fresh);
    await until(() => life.socket?.state() === 'open');
  });

  it('a server drop (socket-drop) reconnects with the same token; the session stays as it was', async () => {
    server.use(...socketDrops(150));
    const since = Date.now();
    const s = await signedIn();
    const manual = manualClock();
    const store = storeWith(s);
    const life = start(store, true);
    expect(await life.ready).toBe('success');
    const mine = () => socketConnections.filter((c) => c.at >= since);
    // The server drops it 150 ms after it opens; the socket waits out the first back-off
    // (0.5-1 s of the app's clock), then is back.
    await until(() => mine().length >= 1 && life.socket?.state() === 'waiting');
    await manual.advance(BACKOFF_BASE_MS);
    await until(() => mine().length >= 2);
    expect(mine().every((c) => c.accepted && c.protocol === s.accessToken)).toBe(true);
    await until(() => life.socket?.state() === 'open');
    // Never ended, so no expiry message and no login dialog came from this session.
    expect(store.getState().session).toMatchObject({
      uid: AUTHOR_UID,
      accessToken: s.accessToken,
      endedBy: null,
    });
  });

  it('the socket closes when the session ends', async () => {
    const s = await signedIn();
    const store = storeWith(s);
    const life = start(store, true);
    await life.ready;
    await until(() => life.socket?.state() === 'open');
    const { logOut } = await import('./logout');
    await logOut(store.dispatch);
    expect(life.socket?.state()).toBe('idle');
  });

  it('benefits.changed from the socket refetches the power balance', async () => {
    const s = await signedIn();
    const store = storeWith(s);
    const life = start(store, true);
    await life.ready;
    await until(() => life.socket?.state() === 'open');
    const balance = store.dispatch(startupApi.endpoints.getWritingBenefits.initiate());
    await balance;
    const before = store.getState().api.queries['getWritingBenefits(undefined)']?.data as {
      pack_words: number;
    };
    await db.benefits.update((q) => q.where({ uid: AUTHOR_UID }), {
      data: (b) => void (b.pack_words += 777),
    });
    await until(() => {
      const now = store.getState().api.queries['getWritingBenefits(undefined)']?.data as
        { pack_words: number } | undefined;
      return now?.pack_words === before.pack_words + 777;
    });
    balance.unsubscribe();
  });

  it('payment.updated from the socket refetches the membership status and tells the pay dialogs', async () => {
    const { paymentApi, onPaymentUpdated } = await import('@/api/payment');
    const { createPayment, settlePayment } = await import('@mocks/payments');
    const s = await signedIn();
    const store = storeWith(s);
    const life = start(store, true);
    await life.ready;
    await until(() => life.socket?.state() === 'open');
    const status = store.dispatch(paymentApi.endpoints.subscriptionStatus.initiate());
    await status;
    const heard: string[] = [];
    const off = onPaymentUpdated((u) => heard.push(`${u.id} ${u.status}`));
    const order = await createPayment({
      kind: 'order',
      uid: AUTHOR_UID,
      product_id: 'sub_year',
      pay_type: 3,
      pay_scene: 'vip',
    });
    const before = (
      store.getState().api.queries['subscriptionStatus(undefined)']?.data as {
        expiresTime: number;
      }
    ).expiresTime;
    await settlePayment(order.id, 'paid');
    await until(() => heard.length === 1);
    expect(heard).toEqual([`${order.id} paid`]);
    await until(() => {
      const now = store.getState().api.queries['subscriptionStatus(undefined)']?.data as
        { expiresTime: number } | undefined;
      return (now?.expiresTime ?? 0) > before;
    });
    off();
    status.unsubscribe();
  });
});

describe('login event', () => {
  it('loginCompleted follows a login by 1500 ms', async () => {
    const s = await signedIn();
    const manual = manualClock();
    const store = storeWith(null);
    start(store);
    const seen: number[] = [];
    store.dispatch(
      addListener({ actionCreator: loginCompleted, effect: () => void seen.push(manual.now()) }),
    );
    const at = manual.now();
    store.dispatch(
      credentialsReceived({
        uid: s.uid,
        access_token: s.accessToken,
        refresh_token: s.refreshToken,
      }),
    );
    await manual.advance(LOGIN_EVENT_DELAY_MS - 1);
    expect(seen).toEqual([]);
    await manual.advance(1);
    await until(() => seen.length === 1);
    expect(seen[0]! - at).toBeGreaterThanOrEqual(1450);
    expect(storage.get<{ uid: string }>(STORAGE_KEYS.lastLogin)?.uid).toBe(AUTHOR_UID);
  });

  it('a banned account that logs in gets the ban dialog and no login event; the socket stays shut', async () => {
    await banned(AUTHOR_UID, 3600);
    const end = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.shut_end_time;
    const s = await signedIn();
    const manual = manualClock();
    const store = storeWith(null);
    const life = start(store, true);
    await life.ready;
    const seen: string[] = [];
    store.dispatch(
      addListener({ actionCreator: loginCompleted, effect: (a) => void seen.push(a.payload.uid) }),
    );
    store.dispatch(
      credentialsReceived({
        uid: s.uid,
        access_token: s.accessToken,
        refresh_token: s.refreshToken,
      }),
    );
    await until(() => dialogStore.getSnapshot().some((d) => d.name === 'ban'));
    expect(dialogStore.getSnapshot().find((d) => d.name === 'ban')?.props).toMatchObject({
      endS: end,
    });
    // Past the login event's delay on the app's clock: no event comes.
    await manual.advance(LOGIN_EVENT_DELAY_MS + 200);
    expect(seen).toEqual([]);
    expect(life.socket?.state()).toBe('idle');
  });

  it('an account without a phone that logs in is forced into the bind-phone dialog', async () => {
    await phoneUnbound();
    const s = await signedIn();
    const store = storeWith(null);
    start(store);
    store.dispatch(
      credentialsReceived({
        uid: s.uid,
        access_token: s.accessToken,
        refresh_token: s.refreshToken,
      }),
    );
    await until(() => dialogStore.getSnapshot().some((d) => d.name === 'bindPhone'));
    expect(store.getState().session.uid).toBe(AUTHOR_UID);
  });

  it('a new account (created under 20 s ago) is welcomed', async () => {
    const { newUser } = await import('@mocks/users');
    await db.users.create(
      newUser({ uid: 'u_fresh', nickname: '新人', created_at: clock.nowS(), phone: '13900000001' }),
    );
    const s = await signedIn('u_fresh');
    const store = storeWith(null);
    start(store);
    store.dispatch(
      credentialsReceived({
        uid: s.uid,
        access_token: s.accessToken,
        refresh_token: s.refreshToken,
      }),
    );
    await until(() => store.getState().toast.current?.msg?.includes('欢迎') === true);
  });
});
