import { addListener } from '@reduxjs/toolkit';
import { startupApi, type User } from '@/api/account/startup';
import { isApiError } from '@/core/api-error';
import { errorText, markSilent } from '@/api/error-messages';
import { i18next } from '@/lib/i18n';
import { getLanguage } from '@/lib/i18n-language';
import type { SocketClient } from '@/lib/socket';
import type { LifecycleDispatch } from './clock-sync';
import { sessionAsked, sessionSaid, startupResolved } from './events';
import { sessionOf } from '@/core/headers';
import { refreshSession } from '@/core/refresh';
import { sessionEnded } from '@/core/session-slice';
import { normaliseForStartup } from './startup-errors';
import {
  isNewUser,
  startupOutcome,
  type StartupOutcome,
  type UserInfoResult,
} from './startup-outcome';
import type { TokenTimer } from './token-timer';
import { tokenAction, tokenValidity, type ServerClock } from './token';

// Start-up speaks for itself (outcome messages), so the generic query toast stays quiet.
markSilent('getUserInfo', 'getServerTime');

export interface StartupContext {
  store: { dispatch: LifecycleDispatch; getState: () => unknown };
  clock: ServerClock;
  syncClock: () => Promise<void>;
  socket: SocketClient | null;
  timer: TokenTimer;
  isStopped: () => boolean;
}

/**
 * Decides the start-up outcome (spec 2 §4) for the stored (or just received) session and
 * carries it out. Runs at start, after each login and when a ban ends.
 */
export function createStartup(ctx: StartupContext): () => Promise<StartupOutcome> {
  const { store, clock } = ctx;
  const { dispatch } = store;
  const session = () => sessionOf(store.getState);

  async function lookUpUser(
    uid: string,
  ): Promise<{ result: UserInfoResult; user?: User; failure?: unknown }> {
    const request = dispatch(
      startupApi.endpoints.getUserInfo.initiate(
        { uid, userInfoBody: { lang: getLanguage(), ostype: 'web' } },
        { subscribe: false, forceRefetch: true },
      ),
    );
    // A lookup whose 40103 ended the session would wait for the account to sign in again
    // (authorised-call.ts), but the end decides start-up: it is given up then.
    const stop: unknown = dispatch(
      addListener({ actionCreator: sessionEnded, effect: () => request.abort() }),
    );
    const answer = await request.finally(() => {
      if (typeof stop === 'function') stop();
    });
    if (answer.data) return { result: { ok: true, user: answer.data }, user: answer.data };
    return {
      result: { ok: false, error: normaliseForStartup(answer.error) },
      failure: answer.error,
    };
  }

  async function say(key: string, type: 'success' | 'error' = 'error') {
    await i18next.loadNamespaces('session');
    dispatch(sessionSaid({ msg: i18next.t(key), type }));
  }

  async function resolve(): Promise<StartupOutcome> {
    const start = session();
    if (!start.uid || !start.accessToken) return finish('login');
    await ctx.syncClock();
    const token = tokenValidity(session().accessToken, clock.nowS());
    if (token === 'invalid') {
      return finish(startupOutcome({ hasStoredSession: true, token, nowS: clock.nowS() }));
    }
    if (tokenAction(session().accessToken, clock.nowS()) === 'refresh') {
      // Refused: the session has ended (expired). Unreachable: the token is still valid, so
      // the lookup goes on with it and the token timer tries the refresh again later.
      const refresh = await refreshSession(store);
      if (refresh.outcome === 'refused') return finish('login');
      if (refresh.outcome === 'unreachable') ctx.timer.unreachable();
    }
    const uid = session().uid;
    if (!uid) return finish('login');
    const { result, user, failure } = await lookUpUser(uid);
    // The session ended while the lookup ran (its 40103 led to a refused refresh, or another
    // tab logged out): the lookup was aborted then, which would otherwise read as a network
    // failure. The end has said what happened; nothing is left to decide.
    if (session().accessToken === null) return finish('login');
    const outcome = startupOutcome({
      hasStoredSession: true,
      token,
      userInfo: result,
      nowS: clock.nowS(),
    });
    return finish(outcome, user, failure);
  }

  async function finish(
    outcome: StartupOutcome,
    user?: User,
    failure?: unknown,
  ): Promise<StartupOutcome> {
    if (ctx.isStopped()) return outcome;
    const signedIn = session().accessToken !== null;
    switch (outcome) {
      case 'success':
      case 'bindphone':
        ctx.socket?.connect();
        ctx.timer.schedule();
        if (user && isNewUser(user.created_at, clock.nowS()))
          await say('session:welcome', 'success');
        if (outcome === 'bindphone') dispatch(sessionAsked({ dialog: 'bindPhone' }));
        break;
      case 'shut':
        ctx.socket?.close();
        // The ban ends by the server's clock, not the device's.
        dispatch(
          sessionAsked({
            dialog: 'ban',
            endS: user?.shut_end_time ?? null,
            serverNowMs: clock.nowMs(),
          }),
        );
        break;
      case 'error':
        // Named as every failed call is: the network, a timeout, or the service (with its id).
        if (isApiError(failure)) {
          await i18next.loadNamespaces(['session', 'errors']);
          const reason = errorText('getUserInfo', failure, (key, values) =>
            i18next.t(key, values ?? {}),
          );
          dispatch(
            sessionSaid({ msg: i18next.t('session:startup.failed', { reason }), type: 'error' }),
          );
        } else await say('session:startup.error');
        break;
      case 'error-1':
        if (signedIn) dispatch(sessionEnded('stateError'));
        break;
      case 'login_reset':
        if (signedIn) dispatch(sessionEnded('reset'));
        break;
      case 'login':
        // A stored session whose token cannot be used ends (the session listener says so and
        // opens the login dialog 500 ms later); a visitor just stays one.
        if (signedIn) dispatch(sessionEnded('expired'));
        break;
    }
    dispatch(startupResolved({ outcome }));
    return outcome;
  }

  return resolve;
}
