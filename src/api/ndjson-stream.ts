import { env, resolveUrl } from '@/config/env';
import { backendReady } from '@/config/backend-gate';
import { NoAnswer, timedFetch } from '@/lib/timed-fetch';
import { callWithSession, isTokenRejected } from '@/core/authorised-call';
import { applySessionHeaders, sessionOf } from '@/core/headers';
import type { SessionStore } from '@/core/refresh';
import { errorOfResponse, noAnswerError, type ApiError } from '@/core/api-error';

/**
 * The one client of the contract's streamed answers (the editor's continuation, a chat's
 * reply): RTK Query's base query wants a whole body, so this reads an NDJSON answer line by
 * line and hands each event to the caller. Its headers and its 401/40103 rule are the session's,
 * the same as the base query's (src/core/headers.ts, authorised-call.ts); only the wait for
 * the first byte is limited by the client timeout (a stream that has started may take longer);
 * every failure becomes the app's `ApiError`, and a stop is an abort of `signal`, which ends
 * the read at once.
 */

const STREAM_BROKEN_CODE = 40420;

/** A failure a stream's own `error` line reports (nothing was charged). */
export function streamFailed(code: number | null, serverMessage: string | null = null): ApiError {
  return { status: 404, code: code ?? STREAM_BROKEN_CODE, serverMessage, kind: 'client' };
}

/** A stream that was cut or broke failed (40420): nothing was charged. */
export const STREAM_BROKEN: ApiError = streamFailed(STREAM_BROKEN_CODE);

export interface NdjsonRequest<TEvent, TDone> {
  /** The operation's path (also the key of its refresh-and-retry, authorised-call.ts). */
  path: string;
  /** The JSON body, or none. */
  body: string | undefined;
  api: SessionStore;
  signal?: AbortSignal;
  /**
   * One event of the stream: its result ends the stream, null reads on. Throws an `ApiError`
   * (`streamFailed`) for the stream's own `error` line.
   */
  onEvent(event: TEvent): TDone | null;
}

/** Reads the error code of a refused answer without consuming the body the caller reads. */
async function tokenRejected(res: Response): Promise<boolean> {
  if (res.status !== 401) return false;
  try {
    const body = (await res.clone().json()) as { error_code?: unknown };
    return isTokenRejected(res.status, body.error_code);
  } catch {
    return false;
  }
}

async function open(request: NdjsonRequest<unknown, unknown>): Promise<Response> {
  const headers = applySessionHeaders(
    new Headers({ 'Content-Type': 'application/json', Accept: 'application/x-ndjson' }),
    sessionOf(request.api.getState),
  );
  try {
    return await timedFetch(
      resolveUrl(request.path),
      { method: 'POST', headers, body: request.body, credentials: 'include' },
      env.requestTimeoutMs,
      request.signal,
    );
  } catch (error) {
    throw error instanceof NoAnswer ? noAnswerError(error.kind) : error;
  }
}

/**
 * Streams one answer's events into `request.onEvent`. Resolves with the result of the event
 * that ended it; rejects with an `ApiError` (STREAM_BROKEN when the stream was cut before that
 * event) or, when `signal` aborted, with its reason.
 */
export async function streamNdjson<TEvent, TDone>(
  request: NdjsonRequest<TEvent, TDone>,
): Promise<TDone> {
  const { signal } = request;
  await backendReady();
  const call = await callWithSession(
    request.api,
    request.path,
    () => open(request as NdjsonRequest<unknown, unknown>),
    tokenRejected,
    signal,
  );
  // Given up while it waited for its account to sign in again (authorised-call.ts).
  if (signal?.aborted) throw signal.reason;
  if ('unreachable' in call) throw call.unreachable;
  const res = call.answer;
  if (!res.ok) throw await errorOfResponse(res);
  if (!res.body) throw STREAM_BROKEN;

  const reader = res.body.getReader();
  // A stop ends the read at once, whether or not the transport cancels the body itself.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let buffered = '';
  const handle = (line: string): TDone | null =>
    line.trim() ? request.onEvent(JSON.parse(line) as TEvent) : null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const finished = handle(line);
        if (finished !== null) return finished;
      }
    }
    if (signal?.aborted) throw signal.reason;
    const finished = handle(buffered);
    if (finished !== null) return finished;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error && typeof error === 'object' && 'kind' in error) throw error;
    throw STREAM_BROKEN;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  // The stream ended without the event that ends it: it was cut.
  throw STREAM_BROKEN;
}
