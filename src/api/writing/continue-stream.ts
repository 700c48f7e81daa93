import { env, resolveUrl } from '@/config/env';
import { backendReady } from '@/config/backend-gate';
import { NoAnswer, timedFetch } from '@/lib/timed-fetch';
import { callWithSession, isTokenRejected } from '@/session/authorised-call';
import { applySessionHeaders, sessionOf } from '@/session/headers';
import type { SessionStore } from '@/session/refresh';
import { errorOfResponse, noAnswerError, type ApiError } from '../api-error';
import type { ContinueBody, ContinueEvent } from './writing.gen';

/**
 * The streamed continuation (spec 1 §4): RTK Query's base query wants a whole body, so this
 * small client reads the ndjson answer line by line. Its headers and its 401/40103 rule are the
 * session's, the same as the base query's (src/session/headers.ts, authorised-call.ts); it
 * waits at most the client timeout for the first byte and turns every failure into the app's
 * `ApiError`.
 */

export const CONTINUE_PATH = '/api/v1/writing/continue';

export type StreamApi = SessionStore;

export interface StreamHandlers {
  onCard(index: number, nodeid: string): void;
  onDelta(index: number, text: string): void;
}

export interface StreamDone {
  charged: number;
}

const failed = (code: number | null, status: number, kind: ApiError['kind']): ApiError => ({
  status,
  code,
  serverMessage: null,
  kind,
});

/** A stream that was cut or broke is a failed continuation (40420): nothing was charged. */
export const STREAM_BROKEN: ApiError = failed(40420, 404, 'client');

function headersFor(api: StreamApi): Headers {
  const headers = new Headers({
    'Content-Type': 'application/json',
    Accept: 'application/x-ndjson',
  });
  return applySessionHeaders(headers, sessionOf(api.getState));
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

async function open(body: ContinueBody, api: StreamApi, signal?: AbortSignal): Promise<Response> {
  // Only the wait for the answer is limited; a stream that has started may take longer.
  try {
    return await timedFetch(
      resolveUrl(CONTINUE_PATH),
      {
        method: 'POST',
        headers: headersFor(api),
        body: JSON.stringify(body),
        credentials: 'include',
      },
      env.requestTimeoutMs,
      signal,
    );
  } catch (error) {
    throw error instanceof NoAnswer ? noAnswerError(error.kind) : error;
  }
}

/**
 * Streams one continuation into `handlers`. Resolves with the power charged when the stream
 * completed; rejects with an `ApiError` (or the abort reason when `signal` aborted).
 */
export async function streamContinuation(
  body: ContinueBody,
  api: StreamApi,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<StreamDone> {
  await backendReady();
  const call = await callWithSession(
    api,
    CONTINUE_PATH,
    () => open(body, api, signal),
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
  const decoder = new TextDecoder();
  let buffered = '';
  const handle = (line: string): StreamDone | null => {
    if (!line.trim()) return null;
    const event = JSON.parse(line) as ContinueEvent;
    if (event.event === 'card') handlers.onCard(event.index ?? 0, event.nodeid ?? '');
    else if (event.event === 'delta') handlers.onDelta(event.index ?? 0, event.text ?? '');
    else if (event.event === 'done') return { charged: event.charged ?? 0 };
    else if (event.event === 'error') throw failed(event.error_code ?? 40420, 404, 'client');
    return null;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const finished = handle(line);
        if (finished) return finished;
      }
    }
    const finished = handle(buffered);
    if (finished) return finished;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error && typeof error === 'object' && 'kind' in error) throw error;
    throw STREAM_BROKEN;
  }
  // The stream ended without its `done` line: it was cut.
  throw STREAM_BROKEN;
}
