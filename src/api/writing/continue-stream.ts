import type { SessionStore } from '@/core/refresh';
import { streamFailed, streamNdjson } from '../ndjson-stream';
import type { ContinueBody, ContinueEvent } from './writing.gen';

/**
 * The streamed continuation (spec 1 §4): `ContinueEvent` lines — `card` (a card begins),
 * `delta` (a card's text), then `done` (the power charged) or `error` (nothing charged) — read
 * by the streams' one client (../ndjson-stream.ts).
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

/**
 * Streams one continuation into `handlers`. Resolves with the power charged when the stream
 * completed; rejects with an `ApiError` (or the abort reason when `signal` aborted).
 */
export function streamContinuation(
  body: ContinueBody,
  api: StreamApi,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<StreamDone> {
  return streamNdjson<ContinueEvent, StreamDone>({
    path: CONTINUE_PATH,
    body: JSON.stringify(body),
    api,
    signal,
    onEvent(event) {
      if (event.event === 'card') handlers.onCard(event.index ?? 0, event.nodeid ?? '');
      else if (event.event === 'delta') handlers.onDelta(event.index ?? 0, event.text ?? '');
      else if (event.event === 'done') return { charged: event.charged ?? 0 };
      else if (event.event === 'error') throw streamFailed(event.error_code ?? null);
      return null;
    },
  });
}
