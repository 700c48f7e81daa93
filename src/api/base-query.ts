import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { backendReady } from '@/config/backend-gate';
import { env, resolveUrl } from '@/config/env';
import { getLanguage } from '@/lib/i18n-language';
import { normaliseError, TOKEN_INVALID_CODE, type ApiError } from './api-error';
import { tabLinkFor } from './cross-tab-session';
import { sessionEnded, tokensRefreshed, type SessionState } from './session-slice';

export interface ApiExtraOptions {
  /** Switch off the user notice (toast) for this call (spec 1 §7: some list and credential calls). */
  silent?: boolean;
}

type StateWithSession = { session: SessionState };

const REFRESH_PATH = '/api/v1/user/refresh';
const LOGOUT_PATH = '/api/v1/user/logout';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  timeout: env.requestTimeoutMs,
  prepareHeaders(headers, { getState }) {
    const { session } = getState() as StateWithSession;
    headers.set('lang', getLanguage());
    headers.set('ostype', 'web');
    if (session.accessToken && session.uid && !headers.has('Authorization')) {
      headers.set('Authorization', `Bearer ${session.accessToken}`);
      headers.set('uid', session.uid);
    }
    return headers;
  },
});

function toFetchArgs(args: string | FetchArgs): FetchArgs {
  const a = typeof args === 'string' ? { url: args } : args;
  return { ...a, url: resolveUrl(a.url) };
}

function pathOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/**
 * One refresh for any number of concurrent callers in a tab: the first 401 (or the proactive
 * timer) starts it, the rest await the same promise. Across tabs, the refresh runs under a
 * Web Lock (cross-tab-session.ts): a tab that waited for the lock first looks whether the
 * winner's pair already reached it (broadcast or persisted session) before spending its own
 * refresh token. Resolves true when usable tokens are in the store.
 */
let refreshInFlight = new WeakMap<object, Promise<boolean>>();

export function refreshSession(
  api: Pick<BaseQueryApi, 'dispatch' | 'getState'> & Partial<BaseQueryApi>,
): Promise<boolean> {
  const key = api.getState;
  const pending = refreshInFlight.get(key);
  if (pending) return pending;
  const session = () => (api.getState() as StateWithSession).session;
  const spent = session().refreshToken;
  const tab = tabLinkFor(key);

  const run = async (): Promise<boolean> => {
    const current = session();
    if (!current.refreshToken || !current.uid) return false;
    // Another tab refreshed while this one waited for the lock.
    if (current.refreshToken !== spent) return current.accessToken !== null;
    const persisted = tab?.readPersisted();
    if (
      persisted &&
      persisted.uid === current.uid &&
      persisted.refreshToken &&
      persisted.refreshToken !== spent
    ) {
      api.dispatch(
        tokensRefreshed({
          access_token: persisted.accessToken,
          refresh_token: persisted.refreshToken,
        }),
      );
      return true;
    }
    const result = await rawBaseQuery(
      {
        url: resolveUrl(REFRESH_PATH),
        method: 'POST',
        body: { refresh_token: current.refreshToken },
      },
      // Its own signal: one caller giving up must not cancel the refresh the others await.
      {
        dispatch: api.dispatch,
        getState: api.getState,
        signal: new AbortController().signal,
        abort: () => {},
        extra: undefined,
        endpoint: 'refreshToken',
        type: 'mutation',
      },
      {},
    );
    const data = result.data as { access_token?: string; refresh_token?: string } | undefined;
    if (data?.access_token && data.refresh_token) {
      api.dispatch(
        tokensRefreshed({ access_token: data.access_token, refresh_token: data.refresh_token }),
      );
      return true;
    }
    return false;
  };

  const promise = (tab ? tab.withRefreshLock(run) : run()).finally(() => {
    refreshInFlight.delete(key);
  });
  refreshInFlight.set(key, promise);
  return promise;
}

/**
 * The one HTTP client of the app: headers of spec 1 §7, 5000 ms timeout, normalised
 * errors, and the 401/40103 rule (spec 1 §4): try one coalesced refresh, retry once, and
 * end the session when the refresh cannot help. The logout and refresh calls never loop.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  await backendReady();
  const path = pathOf(args);
  const tokenUsed = (api.getState() as StateWithSession).session.accessToken;
  let result = await rawBaseQuery(toFetchArgs(args), api, extraOptions ?? {});

  if (
    result.error &&
    isTokenRejected(result.error) &&
    path !== LOGOUT_PATH &&
    path !== REFRESH_PATH &&
    tokenUsed
  ) {
    const current = (api.getState() as StateWithSession).session.accessToken;
    // Another call refreshed while this one was in flight: just retry with the new token.
    const refreshed = current !== null && current !== tokenUsed ? true : await refreshSession(api);
    if (refreshed) {
      result = await rawBaseQuery(toFetchArgs(args), api, extraOptions ?? {});
      if (result.error && isTokenRejected(result.error)) api.dispatch(sessionEnded('expired'));
    } else {
      api.dispatch(sessionEnded('expired'));
    }
  }

  if (result.error) return { error: normaliseError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

function isTokenRejected(error: { status: unknown; data?: unknown }): boolean {
  if (error.status !== 401) return false;
  const code = (error.data as { error_code?: unknown } | undefined)?.error_code;
  return code === TOKEN_INVALID_CODE;
}

/** For tests and stories: forget refreshes still in flight from an earlier case's store. */
export function resetRefreshStateForTests() {
  refreshInFlight = new WeakMap();
}
