import { env, resolveUrl } from '@/config/env';
import { backendReady } from '@/config/backend-gate';
import { NoAnswer, timedFetch } from '@/lib/timed-fetch';
import { callWithSession, isTokenRejected } from '@/session/authorised-call';
import { applySessionHeaders, sessionOf } from '@/session/headers';
import type { SessionStore } from '@/session/refresh';
import { errorOfResponse, noAnswerError, type ApiError } from '../api-error';
import type { ChatMessage, ChatStreamEvent, PlayedOption } from './exploration.gen';

/**
 * The streamed reply of a chat (inferred `sendChatMessage` / `playChatOption` / `retryChatReply`):
 * NDJSON lines of
 * `ChatStreamEvent` — `start` (the stored player message, the reply's id and speaker), `delta`
 * (reply text), `options` (task mode's choices), then `done` (the stored reply and the power
 * charged) or `error` (nothing charged). Headers and the 401/40103 rule are the session's, as
 * for the base query; only the wait for the first byte is limited by the client timeout. Every
 * failure becomes the app's `ApiError`; a stop is an abort of `signal`.
 */

/**
 * What is being answered: a typed message, a played option, or the player's stored message
 * whose reply failed (`retryChatReply`: answered again without being stored twice).
 */
export type ChatTurn =
  | { chatId: string; kind: 'message'; content: string }
  | { chatId: string; kind: 'option'; optionId: string }
  | { chatId: string; kind: 'retry'; messageId: string };

export interface ChatStreamHandlers {
  onStart(player: ChatMessage, replyId: string, speakerId: string | null, speaker: string): void;
  onDelta(text: string): void;
  onOptions(options: PlayedOption[]): void;
}

export interface ChatStreamDone {
  /** The stored reply. */
  message: ChatMessage | null;
  charged: number;
}

/** The operation whose error messages apply to a turn (error-messages.ts). */
export const turnEndpoint = (turn: ChatTurn) =>
  turn.kind === 'message'
    ? 'sendChatMessage'
    : turn.kind === 'option'
      ? 'playChatOption'
      : 'retryChatReply';

export function turnPath(turn: ChatTurn): string {
  const chat = `/api/v2/chats/${encodeURIComponent(turn.chatId)}`;
  if (turn.kind === 'message') return `${chat}/messages`;
  if (turn.kind === 'option') return `${chat}/played_options`;
  return `${chat}/msgs/${encodeURIComponent(turn.messageId)}/reply`;
}

/** The request body; a retry has none. */
const turnBody = (turn: ChatTurn) =>
  turn.kind === 'message'
    ? JSON.stringify({ content: turn.content })
    : turn.kind === 'option'
      ? JSON.stringify({ option_id: turn.optionId })
      : undefined;

const failed = (code: number | null, status: number, kind: ApiError['kind']): ApiError => ({
  status,
  code,
  serverMessage: null,
  kind,
});

/** A reply that was cut or broke failed (40420): nothing was charged. */
export const REPLY_BROKEN: ApiError = failed(40420, 404, 'client');

async function tokenRejected(res: Response): Promise<boolean> {
  if (res.status !== 401) return false;
  try {
    const body = (await res.clone().json()) as { error_code?: unknown };
    return isTokenRejected(res.status, body.error_code);
  } catch {
    return false;
  }
}

async function open(turn: ChatTurn, api: SessionStore, signal?: AbortSignal): Promise<Response> {
  const headers = applySessionHeaders(
    new Headers({ 'Content-Type': 'application/json', Accept: 'application/x-ndjson' }),
    sessionOf(api.getState),
  );
  try {
    return await timedFetch(
      resolveUrl(turnPath(turn)),
      {
        method: 'POST',
        headers,
        body: turnBody(turn),
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
 * Streams one turn's reply into `handlers`. Resolves with the stored reply and the power
 * charged; rejects with an `ApiError` (or the abort reason when `signal` aborted).
 */
export async function streamChatTurn(
  turn: ChatTurn,
  api: SessionStore,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatStreamDone> {
  await backendReady();
  const path = turnPath(turn);
  const call = await callWithSession(api, path, () => open(turn, api, signal), tokenRejected);
  if ('unreachable' in call) throw call.unreachable;
  const res = call.answer;
  if (!res.ok) throw await errorOfResponse(res);
  if (!res.body) throw REPLY_BROKEN;

  const reader = res.body.getReader();
  // A stop ends the read at once, whether or not the transport cancels the body itself.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let buffered = '';
  const handle = (line: string): ChatStreamDone | null => {
    if (!line.trim()) return null;
    const event = JSON.parse(line) as ChatStreamEvent;
    switch (event.event) {
      case 'start':
        if (event.player_message)
          handlers.onStart(
            event.player_message,
            event.reply_id ?? '',
            event.speaker_id ?? null,
            event.speaker_name ?? '',
          );
        return null;
      case 'delta':
        handlers.onDelta(event.text ?? '');
        return null;
      case 'options':
        handlers.onOptions(event.options ?? []);
        return null;
      case 'done':
        return { message: event.message ?? null, charged: event.charged ?? 0 };
      case 'error':
        throw {
          ...failed(event.error_code ?? 40420, 404, 'client'),
          serverMessage: event.error_msg || null,
        } satisfies ApiError;
      default:
        return null;
    }
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
    if (signal?.aborted) throw signal.reason;
    const finished = handle(buffered);
    if (finished) return finished;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error && typeof error === 'object' && 'kind' in error) throw error;
    throw REPLY_BROKEN;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  throw REPLY_BROKEN;
}
