import { TOKEN_INVALID_CODE, type ApiError } from '@/api/api-error';
import { sessionOf } from './headers';
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
 */
export async function callWithSession<T>(
  store: SessionStore,
  path: string,
  send: () => Promise<T>,
  tokenRejected: (answer: T) => boolean | Promise<boolean>,
): Promise<SessionCallResult<T>> {
  const tokenUsed = sessionOf(store.getState).accessToken;
  const answer = await send();
  if (!tokenUsed || path === LOGOUT_PATH || path === REFRESH_PATH) return { answer };
  if (!(await tokenRejected(answer))) return { answer };

  const current = sessionOf(store.getState).accessToken;
  if (current === null) return { answer };
  if (current === tokenUsed) {
    const refresh = await refreshSession(store);
    if (refresh.outcome === 'unreachable') return { unreachable: refresh.error };
    if (refresh.outcome === 'refused') return { answer };
  }
  const retried = await send();
  if (await tokenRejected(retried)) store.dispatch(sessionEnded('expired'));
  return { answer: retried };
}
