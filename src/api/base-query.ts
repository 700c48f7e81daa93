import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { backendReady } from '@/config/backend-gate';
import { NoAnswer, timedFetch } from '@/lib/timed-fetch';
import { env, resolveUrl } from '@/config/env';
import { callWithSession, isTokenRejected } from '@/core/authorised-call';
import { applySessionHeaders, sessionOf } from '@/core/headers';
import { normaliseError, type ApiError } from '@/core/api-error';

export interface ApiExtraOptions {
  /** Switch off the user notice (toast) for this call (spec 1 §7: some list and credential calls). */
  silent?: boolean;
}

/** How fetchBaseQuery reports the `NoAnswer('timeout')` that `timedFetch` throws. */
const TIMED_OUT = String(new NoAnswer('timeout'));

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  // The client's timeout on the app clock (src/lib/clock.ts), so tests move it on a manual
  // clock; fetchBaseQuery's own `timeout` waits on the system's timers only.
  fetchFn: (input) => {
    const request = input as Request;
    return timedFetch(request, {}, env.requestTimeoutMs, request.signal);
  },
  prepareHeaders: (headers, { getState }) => applySessionHeaders(headers, sessionOf(getState)),
});

/** A fetch error of a request the timeout ended is RTK's TIMEOUT_ERROR, as its own timeout's. */
async function rawCall(
  ...args: Parameters<typeof rawBaseQuery>
): Promise<Awaited<ReturnType<typeof rawBaseQuery>>> {
  const result = await rawBaseQuery(...args);
  const { error, meta } = result;
  if (error?.status === 'FETCH_ERROR' && error.error === TIMED_OUT) {
    const timeout: FetchBaseQueryError = { status: 'TIMEOUT_ERROR', error: error.error };
    return { error: timeout, meta };
  }
  return result;
}

function toFetchArgs(args: string | FetchArgs): FetchArgs {
  const a = typeof args === 'string' ? { url: args } : args;
  return { ...a, url: resolveUrl(a.url) };
}

function pathOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/**
 * The one HTTP client of the app: the session's headers (src/core/headers.ts), 5000 ms
 * timeout, normalised errors, and the session's 401/40103 rule (src/core/authorised-call.ts).
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  await backendReady();
  const call = await callWithSession(
    api,
    pathOf(args),
    async () => rawCall(toFetchArgs(args), api, extraOptions ?? {}),
    ({ error }) =>
      !!error &&
      isTokenRejected(
        error.status,
        (error.data as { error_code?: unknown } | undefined)?.error_code,
      ),
    api.signal,
  );
  if ('unreachable' in call) return { error: call.unreachable };
  const result = call.answer;
  if (result.error) return { error: normaliseError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};
