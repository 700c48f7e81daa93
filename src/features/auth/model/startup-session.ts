import {
  addListener,
  createAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { accountApi, type User } from '@/api/account';
import { baseApi } from '@/api/base-api';
import { refreshSession } from '@/api/base-query';
import { markSilent } from '@/api/error-messages';
import {
  credentialsReceived,
  sessionEnded,
  tokensRefreshed,
  type SessionState,
} from '@/api/session-slice';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { env } from '@/config/env';
import { i18next } from '@/lib/i18n';
import { getLanguage } from '@/lib/i18n-language';
import { createSocketClient, socketUrl, type SocketClient } from '@/lib/socket';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import {
  isNewUser,
  LOGIN_EVENT_DELAY_MS,
  startupOutcome,
  type StartupOutcome,
  type UserInfoResult,
} from './startup';
import { normaliseForStartup } from './startup-errors';
import {
  clockOffsetMs,
  createServerClock,
  msUntilRefreshDue,
  tokenAction,
  tokenValidity,
  type ServerClock,
} from './token';

/**
 * The session's life after the store exists (spec 2 §4): the start-up outcome, the token
 * timer, the socket and the login event. Started once by main.tsx (and by tests with their
 * own store); everything is attached with `addListener`, so a store that never starts it
 * (most tests, Storybook) has no timer and no socket.
 */

/** Emitted 1500 ms after a login (spec 2 §4): features retry what needed it (follow, tip). */
export const loginCompleted = createAction<{ uid: string }>('auth/loginCompleted');
/** The start-up (or post-login) outcome, once decided. */
export const startupResolved = createAction<{ outcome: StartupOutcome }>('auth/startupResolved');
/** The ban dialog saw its end time pass: the session is looked at again. */
export const banEnded = createAction('auth/banEnded');

// Start-up speaks for itself (outcome messages), so the generic query toast stays quiet.
markSilent('getUserInfo', 'getServerTime');

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
interface StoreLike {
  dispatch: Dispatch;
  getState: () => unknown;
}

export interface SessionLifecycleOptions {
  /** The socket, or null for none; by default the real one on /ws/v2. */
  socket?: SocketClient | null;
  localNow?: () => number;
  /** Longest sleep of the token timer (a sleeping laptop wakes timers late). */
  maxTimerMs?: number;
}

export interface SessionLifecycle {
  /** The start-up outcome. */
  ready: Promise<StartupOutcome>;
  clock: ServerClock;
  socket: SocketClient | null;
  /** Checks the token now (the timer's and the visibility handler's work). */
  checkToken(): Promise<void>;
  stop(): void;
}

const HOUR_MS = 3600_000;

export function startSessionLifecycle(
  store: StoreLike,
  options: SessionLifecycleOptions = {},
): SessionLifecycle {
  const localNow = options.localNow ?? (() => Date.now());
  const maxTimerMs = options.maxTimerMs ?? HOUR_MS;
  const clock = createServerClock(localNow);
  const session = () => (store.getState() as { session: SessionState }).session;
  const dispatch = store.dispatch;
  const unsubscribers: Array<() => void> = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const socket: SocketClient | null =
    options.socket === undefined
      ? createSocketClient({
          url: socketUrl(env.services.main, env.socketUrl),
          getToken: () => session().accessToken,
          isTokenCurrent: () => tokenValidity(session().accessToken, clock.nowS()) === 'valid',
          onMessage,
        })
      : options.socket;

  function onMessage(message: unknown) {
    const type = (message as { type?: unknown } | null)?.type;
    // The server says the balance changed (a charge, a continuation, a claim): refetch it.
    if (type === 'benefits.changed') dispatch(baseApi.util.invalidateTags(['Benefits']));
  }

  let clockSync: Promise<void> | null = null;
  function syncClock(): Promise<void> {
    clockSync ??= (async () => {
      const sentAt = localNow();
      const request = dispatch(
        accountApi.endpoints.getServerTime.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      const result = await request;
      // No answer: the local clock stands in (spec 2 §4).
      if (result.data) clock.setOffset(clockOffsetMs(result.data.now_ms, sentAt, localNow()));
    })();
    return clockSync;
  }

  function cancelTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function scheduleCheck() {
    cancelTimer();
    if (stopped) return;
    const due = msUntilRefreshDue(session().accessToken, clock.nowS());
    if (due === null) return;
    timer = setTimeout(() => void checkToken(), Math.min(due, maxTimerMs));
  }

  /** Spec 2 §4: invalid → socket closed and logged out; under 86400 s left → refresh. */
  async function checkToken(): Promise<void> {
    const s = session();
    if (stopped || !s.accessToken) return;
    const action = tokenAction(s.accessToken, clock.nowS());
    if (action === 'logout') {
      socket?.close();
      dispatch(sessionEnded('expired'));
      return;
    }
    if (action === 'refresh') {
      const ok = await refreshSession(store);
      if (!ok) {
        if (session().accessToken) dispatch(sessionEnded('expired'));
        return;
      }
    }
    scheduleCheck();
  }

  async function lookUpUser(uid: string): Promise<{ result: UserInfoResult; user?: User }> {
    const request = dispatch(
      accountApi.endpoints.getUserInfo.initiate(
        { uid, userInfoBody: { lang: getLanguage(), ostype: 'web' } },
        { subscribe: false, forceRefetch: true },
      ),
    );
    const answer = await request;
    if (answer.data) return { result: { ok: true, user: answer.data }, user: answer.data };
    return { result: { ok: false, error: normaliseForStartup(answer.error) } };
  }

  async function say(key: string, type: 'success' | 'error' = 'error') {
    await i18next.loadNamespaces('session');
    dispatch(toastShown({ msg: i18next.t(key), type }));
  }

  /** Decides the outcome for the stored (or just received) session and carries it out. */
  async function resolve(): Promise<StartupOutcome> {
    const start = session();
    if (!start.uid || !start.accessToken) return finish('login');
    await syncClock();
    let token = tokenValidity(session().accessToken, clock.nowS());
    if (token === 'valid' && tokenAction(session().accessToken, clock.nowS()) === 'refresh') {
      if (!(await refreshSession(store))) token = 'invalid';
    }
    if (token === 'invalid') {
      const outcome = startupOutcome({ hasStoredSession: true, token, nowS: clock.nowS() });
      return finish(outcome);
    }
    const uid = session().uid;
    if (!uid) return finish('login');
    const { result, user } = await lookUpUser(uid);
    const outcome = startupOutcome({
      hasStoredSession: true,
      token,
      userInfo: result,
      nowS: clock.nowS(),
    });
    return finish(outcome, user);
  }

  async function finish(outcome: StartupOutcome, user?: User): Promise<StartupOutcome> {
    if (stopped) return outcome;
    const signedIn = session().accessToken !== null;
    switch (outcome) {
      case 'success':
      case 'bindphone':
        socket?.connect();
        scheduleCheck();
        if (user && isNewUser(user.created_at, clock.nowS()))
          await say('session:welcome', 'success');
        if (outcome === 'bindphone') openDialog('bindPhone');
        break;
      case 'shut':
        socket?.close();
        // The ban ends by the server's clock, not the device's.
        openDialog('ban', { endS: user?.shut_end_time ?? null, nowMs: clock.nowMs });
        break;
      case 'error':
        await say('session:startup.error');
        break;
      case 'error-1':
        if (signedIn) dispatch(sessionEnded('stateError'));
        break;
      case 'login_reset':
        if (signedIn) dispatch(sessionEnded('reset'));
        break;
      case 'login':
        // A stored session whose token cannot be used ends; a visitor just stays one.
        if (signedIn) dispatch(sessionEnded('expired'));
        break;
    }
    dispatch(startupResolved({ outcome }));
    return outcome;
  }

  // dispatch(addListener(...)) answers the listener's unsubscribe function.
  const keep = (unsubscribe: unknown) => unsubscribers.push(unsubscribe as () => void);

  keep(
    dispatch(
      addListener({
        actionCreator: tokensRefreshed,
        effect() {
          // Spec 2 §4: the socket reconnects after a refresh.
          if (socket && socket.state() !== 'idle') socket.reconnect();
          scheduleCheck();
        },
      }),
    ),
  );

  keep(
    dispatch(
      addListener({
        actionCreator: sessionEnded,
        effect() {
          socket?.close();
          cancelTimer();
        },
      }),
    ),
  );

  keep(
    dispatch(
      addListener({
        actionCreator: credentialsReceived,
        async effect(action, api) {
          const { uid } = action.payload;
          const previous = storage.get<Record<string, unknown>>(STORAGE_KEYS.lastLogin) ?? {};
          storage.set(STORAGE_KEYS.lastLogin, { ...previous, uid, at: localNow() });
          const outcome = resolve();
          await api.delay(LOGIN_EVENT_DELAY_MS);
          if ((await outcome) === 'shut') return;
          if (session().uid === uid) dispatch(loginCompleted({ uid }));
        },
      }),
    ),
  );

  keep(
    dispatch(
      addListener({
        actionCreator: banEnded,
        effect() {
          void resolve();
        },
      }),
    ),
  );

  const onVisible = () => {
    if (document.visibilityState === 'visible') void checkToken();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  const ready = resolve();

  return {
    ready,
    clock,
    socket,
    checkToken,
    stop() {
      stopped = true;
      cancelTimer();
      socket?.close();
      for (const u of unsubscribers) u();
      if (typeof document !== 'undefined')
        document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
