import type { Action } from '@reduxjs/toolkit';
import { errorOfResponse, type ApiError } from './api-error';
import { backendReady } from '@/config/backend-gate';
import { env, resolveUrl } from '@/config/env';
import { NoAnswer, timedFetch } from '@/lib/timed-fetch';
import { tabLinkFor } from './cross-tab';
import { applySessionHeaders, sessionOf } from './headers';
import { sessionEnded, tokensRefreshed } from './session-slice';

export const REFRESH_PATH = '/api/v1/user/refresh';
export const LOGOUT_PATH = '/api/v1/user/logout';

/**
 * - `refreshed`: usable tokens are in the store (this tab's refresh, or another tab's pair);
 * - `refused`: the refresh endpoint said no (4xx) or there is nothing to refresh with; the
 *   session has been ended (`sessionEnded('expired')`);
 * - `unreachable`: no answer, a timeout or a 5xx: the refresh token may still be good, so the
 *   session is kept and the next call (or the token timer's back-off) tries again.
 */
export type RefreshResult =
  { outcome: 'refreshed' } | { outcome: 'refused' } | { outcome: 'unreachable'; error: ApiError };

export interface SessionStore {
  dispatch: (action: Action) => unknown;
  getState: () => unknown;
}

const unreachable = (status: number, kind: ApiError['kind']): RefreshResult => ({
  outcome: 'unreachable',
  error: { status, code: null, serverMessage: null, kind },
});

/** POST /api/v1/user/refresh once, classified. Its own signal: no caller can cancel it. */
async function postRefresh(store: SessionStore, refreshToken: string): Promise<RefreshResult> {
  await backendReady();
  const headers = applySessionHeaders(
    new Headers({ 'Content-Type': 'application/json' }),
    sessionOf(store.getState),
  );
  let res: Response;
  try {
    res = await timedFetch(
      resolveUrl(REFRESH_PATH),
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh_token: refreshToken }),
        credentials: 'include',
      },
      env.requestTimeoutMs,
    );
  } catch (error) {
    return unreachable(0, error instanceof NoAnswer ? error.kind : 'network');
  }
  if (res.status >= 500) return { outcome: 'unreachable', error: await errorOfResponse(res) };
  if (!res.ok) return { outcome: 'refused' };
  let pair: { access_token?: unknown; refresh_token?: unknown } = {};
  try {
    pair = (await res.json()) as typeof pair;
  } catch {
    // An unreadable 2xx is the server's fault, not a verdict on the token.
  }
  if (typeof pair.access_token !== 'string' || typeof pair.refresh_token !== 'string')
    return unreachable(res.status, 'server');
  store.dispatch(
    tokensRefreshed({ access_token: pair.access_token, refresh_token: pair.refresh_token }),
  );
  return { outcome: 'refreshed' };
}

/** In-tab coalescing, keyed by the store's getState (the base query receives that same function). */
let refreshInFlight = new WeakMap<object, Promise<RefreshResult>>();

/**
 * The one refresh path (the base query's and the stream's 401/40103 rule, the token timer,
 * start-up). Any number of concurrent callers in a tab share one promise; across tabs the
 * refresh runs under a Web Lock (cross-tab.ts), and a tab that waited for the lock first
 * looks whether the winner's pair already reached it (broadcast or persisted session)
 * before spending its own single-use refresh token. A refused refresh ends the session here,
 * once; an unreachable one ends nothing.
 */
export function refreshSession(store: SessionStore): Promise<RefreshResult> {
  const key = store.getState;
  const pending = refreshInFlight.get(key);
  if (pending) return pending;
  const session = () => sessionOf(store.getState);
  const spent = session().refreshToken;
  const tab = tabLinkFor(key);

  const run = async (): Promise<RefreshResult> => {
    const current = session();
    if (!current.uid || !current.accessToken) return { outcome: 'refused' };
    // Another tab refreshed while this one waited for the lock.
    if (current.refreshToken !== spent) return { outcome: 'refreshed' };
    const persisted = tab?.readPersisted();
    if (
      persisted &&
      persisted.uid === current.uid &&
      persisted.refreshToken &&
      persisted.refreshToken !== spent
    ) {
      store.dispatch(
        tokensRefreshed({
          access_token: persisted.accessToken,
          refresh_token: persisted.refreshToken,
        }),
      );
      return { outcome: 'refreshed' };
    }
    const result = current.refreshToken
      ? await postRefresh(store, current.refreshToken)
      : ({ outcome: 'refused' } as const);
    if (result.outcome === 'refused' && session().accessToken) {
      store.dispatch(sessionEnded('expired'));
    }
    return result;
  };

  const promise = (tab ? tab.withRefreshLock(run) : run()).finally(() => {
    refreshInFlight.delete(key);
  });
  refreshInFlight.set(key, promise);
  return promise;
}

/** For tests and stories: forget refreshes still in flight from an earlier case's store. */
export function resetRefreshStateForTests() {
  refreshInFlight = new WeakMap();
}
