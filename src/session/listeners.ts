import type { Dispatch, ListenerEffectAPI, TypedStartListening } from '@reduxjs/toolkit';
import { baseApi } from '@/api/base-api';
import { clock, sleep } from '@/lib/clock';
import { i18next } from '@/lib/i18n';
import { clearAccountData } from '@/lib/storage';
import type { StateWithSession } from '@/core/headers';
import { sessionAsked, sessionSaid } from './events';
import { recordLastLogin } from './last-login';
import { persistSession } from './persistence';
import { credentialsReceived, sessionEnded } from '@/core/session-slice';
import { LOGIN_DIALOG_DELAY_MS } from './startup-outcome';

const SESSION_END_MESSAGES = {
  expired: 'errors:sessionExpired',
  stateError: 'session:startup.loginStateError',
  reset: 'session:startup.userMissing',
} as const;

export interface SessionListenerOptions {
  /** After a deliberate logout (spec 1 §2: the app goes to Novels). */
  onLoggedOut: () => void;
}

type Start = TypedStartListening<StateWithSession>;
type Api = ListenerEffectAPI<StateWithSession, Dispatch>;

/**
 * The store's session listeners, registered once by the store (src/app/store.ts through
 * app/listeners.ts): the session persisted as `pro_session`, `pro_last_login` written, and a
 * session end carried out once (after a logout the API cache reset and `onLoggedOut`;
 * otherwise the message, then the login dialog 500 ms later, spec 2 §4; the cache of an
 * expired session is reset when another account signs in).
 */
export function registerSessionListeners(start: Start, options: SessionListenerOptions) {
  start({
    predicate: (_action, current, previous) => current.session !== previous.session,
    effect: (_action, api) => persistSession(api.getState().session),
  });

  start({
    actionCreator: credentialsReceived,
    effect: ({ payload }, api) => {
      recordLastLogin(payload.uid, payload.method, clock.now());
      // The cache kept for an account whose session ended is not another account's.
      const awaited = api.getOriginalState().session.endedUid;
      if (awaited && awaited !== payload.uid) api.dispatch(baseApi.util.resetApiState());
    },
  });

  start({
    actionCreator: sessionEnded,
    effect: (action, api) => endSession(action.payload, api, options),
  });
}

async function endSession(
  reason: ReturnType<typeof sessionEnded>['payload'],
  api: Api,
  options: SessionListenerOptions,
) {
  // Concurrent calls that meet the same dead token each report it: act once, for the session
  // that was actually open (a second login dialog would wipe what the user typed).
  if (reason !== 'logout' && !api.getOriginalState().session.accessToken) return;
  // After a logout or a reset nothing of the account stays. A session that expired keeps
  // the cache for its account: its screen stays on view, read-only, and its calls wait for
  // it to sign in again (authorised-call.ts); another account's login resets it (above).
  if (reason === 'logout' || reason === 'reset') api.dispatch(baseApi.util.resetApiState());
  if (reason === 'logout') {
    options.onLoggedOut();
    return;
  }
  // login_reset (spec 2 §4): the account is gone, so is what the app kept for it.
  if (reason === 'reset') clearAccountData();
  await i18next.loadNamespaces('session');
  api.dispatch(sessionSaid({ msg: i18next.t(SESSION_END_MESSAGES[reason]), type: 'error' }));
  await api.pause(sleep(LOGIN_DIALOG_DELAY_MS));
  api.dispatch(sessionAsked({ dialog: 'login' }));
}
