import { addListener } from '@reduxjs/toolkit';
import { TOKEN_INVALID_CODE, type ApiError } from './api-error';
import { sessionOf, type StateWithSession } from './headers';
import { LOGOUT_PATH, REFRESH_PATH, refreshSession, type SessionStore } from './refresh';
import { sessionEnded } from './session-slice';

/** Spec 1 §4: a 401 carrying 40103 means the access token is no longer accepted. */
export function isTokenRejected(status: unknown, errorCode: unknown): boolean {
  return status === 401 && errorCode === TOKEN_INVALID_CODE;
}

export type SessionCallResult<T> = { answer: T } | { unreachable: ApiError };

/**
 * The 401/40103 rule for every client (the RTK Query base query and the streaming client):
 * send; when the token is refused, refresh once (shared with every concurrent caller, in any
 * tab) and send again. A call that was sent with an older token than the store now holds just
 * sends again. A refused refresh has ended the session; a retried call refused again ends it
 * too. When the refresh could not reach the server the session is kept and the call fails
 * with that connectivity error instead of its 401. The logout and refresh calls never
 * trigger any of this.
 *
 * A call refused for want of a session while the session has ended without a logout waits
 * for its account (`endedUid`) to sign in again, then is sent with the new token: the screen
 * that made it stays on view, read-only, and neither shows the 401 nor asks again. It gives
 * up with its 401 when another account signs in, on a logout, or when `signal` aborts (the
 * API cache was reset); it is never sent with another account's token.
 */
export async function callWithSession<T>(
  store: SessionStore,
  path: string,
  send: () => Promise<T>,
  tokenRejected: (answer: T) => boolean | Promise<boolean>,
  signal?: AbortSignal,
): Promise<SessionCallResult<T>> {
  const { accessToken: tokenUsed, uid: uidUsed } = sessionOf(store.getState);
  const answer = await send();
  if (path === LOGOUT_PATH || path === REFRESH_PATH) return { answer };
  if (!(await tokenRejected(answer))) return { answer };
  const again = () => callWithSession(store, path, send, tokenRejected, signal);
  if (!tokenUsed) return waitForAccount(store, answer, uidUsed, again, signal);

  const current = sessionOf(store.getState).accessToken;
  if (current === null) return waitForAccount(store, answer, uidUsed, again, signal);
  if (current === tokenUsed) {
    const refresh = await refreshSession(store);
    if (refresh.outcome === 'unreachable') return { unreachable: refresh.error };
    if (refresh.outcome === 'refused') return waitForAccount(store, answer, uidUsed, again, signal);
  }
  const retried = await send();
  if (!(await tokenRejected(retried))) return { answer: retried };
  store.dispatch(sessionEnded('expired'));
  return waitForAccount(store, retried, uidUsed, again, signal);
}

/**
 * The session is gone: when its account is awaited (and the call was not made for another
 * one), waits for that account's next login and sends again; otherwise answers the 401.
 */
async function waitForAccount<T>(
  store: SessionStore,
  answer: T,
  uidUsed: string | null,
  again: () => Promise<SessionCallResult<T>>,
  signal?: AbortSignal,
): Promise<SessionCallResult<T>> {
  const awaited = sessionOf(store.getState).endedUid ?? null;
  if (!awaited || (uidUsed !== null && uidUsed !== awaited)) return { answer };
  return (await accountBack(store, awaited, signal)) ? again() : { answer };
}

/**
 * True once `uid` is signed in again; false when the wait ends otherwise (another account,
 * a logout, `signal`), or at once for a store without a listener middleware to watch with.
 */
function accountBack(store: SessionStore, uid: string, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    let stop: (() => void) | null = null;
    const settle = (back: boolean) => {
      stop?.();
      signal?.removeEventListener('abort', onAbort);
      resolve(back);
    };
    const onAbort = () => settle(false);
    const check = () => {
      const session = sessionOf(store.getState);
      if (session.accessToken && session.uid === uid) settle(true);
      else if ((session.endedUid ?? null) !== uid) settle(false);
    };
    if (signal?.aborted) return settle(false);
    const unsubscribe = store.dispatch(
      addListener({
        predicate: (_action, current, previous) =>
          (current as StateWithSession).session !== (previous as StateWithSession).session,
        effect: check,
      }),
    );
    if (typeof unsubscribe !== 'function') return settle(false);
    stop = unsubscribe as () => void;
    signal?.addEventListener('abort', onAbort, { once: true });
    check();
  });
}
