import type { SessionStore } from '@/core/refresh';
import { streamFailed, streamNdjson } from '../ndjson-stream';
import type { ChatMessage, ChatStreamEvent, PlayedOption } from './exploration.gen';

/**
 * The streamed reply of a chat (inferred `sendChatMessage` / `playChatOption` / `retryChatReply`):
 * NDJSON lines of
 * `ChatStreamEvent` — `start` (the stored player message, the reply's id and speaker), `delta`
 * (reply text), `options` (task mode's choices), then `done` (the stored reply and the power
 * charged) or `error` (nothing charged), read by the streams' one client (../ndjson-stream.ts).
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

/**
 * Streams one turn's reply into `handlers`. Resolves with the stored reply and the power
 * charged; rejects with an `ApiError` (or the abort reason when `signal` aborted).
 */
export function streamChatTurn(
  turn: ChatTurn,
  api: SessionStore,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatStreamDone> {
  return streamNdjson<ChatStreamEvent, ChatStreamDone>({
    path: turnPath(turn),
    body: turnBody(turn),
    api,
    signal,
    onEvent(event) {
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
          throw streamFailed(event.error_code ?? null, event.error_msg || null);
        default:
          return null;
      }
    },
  });
}
