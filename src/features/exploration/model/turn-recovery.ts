import type { ChatMessage, PlayedOption } from '@/api/exploration';
import type { ChatTurn } from '@/api/exploration/chat-stream';

/**
 * What a turn that did not end with a reply leaves, so the player never has to type again:
 * the player's stored message awaits its reply (asked for again by a retry, charged once, on
 * success), the text is back in the input, and the options on offer stay on offer.
 */

/** How a turn ended: a stored reply, a stop by the player, or a failure. */
export type TurnEnd =
  | { kind: 'done'; options: readonly PlayedOption[] }
  | { kind: 'stopped'; replyKept: boolean }
  | { kind: 'failed'; refused: boolean };

/**
 * The player's message that has no reply: the chat's latest message when it is the player's
 * (a reply that failed or was cut, or a stop before any text), else null.
 */
export function awaitingReply(latest: ChatMessage | undefined): ChatMessage | null {
  return latest?.role === 'player' ? latest : null;
}

/**
 * The turn to run: a typed message that repeats the message awaiting its reply (its text is
 * kept in the input after a failure) asks for that reply rather than storing the message twice.
 */
export function resolveTurn(turn: ChatTurn, awaiting: ChatMessage | null): ChatTurn {
  if (turn.kind !== 'message' || !awaiting) return turn;
  return awaiting.content.trim() === turn.content.trim()
    ? { chatId: turn.chatId, kind: 'retry', messageId: awaiting.id }
    : turn;
}

/**
 * The options on offer once a turn ends: a stored reply brings its own (none in free mode); a
 * kept stopped reply ends the offer; otherwise the offer stands, less the option played if the
 * server stored it as the player's message.
 */
export function optionsAfter(
  before: readonly PlayedOption[],
  turn: ChatTurn,
  end: TurnEnd,
): PlayedOption[] {
  if (end.kind === 'done') return [...end.options];
  if (end.kind === 'stopped' && end.replyKept) return [];
  const played = turn.kind === 'option' && !(end.kind === 'failed' && end.refused);
  return before.filter((o) => !(played && o.id === turn.optionId));
}

/**
 * Whether the typed text goes back into the input: a typed message (or its retry) stored by the
 * server and then left without a reply by a failure. (A refusal never took it out; a stop is the
 * player's own choice; an option was never typed.)
 */
export function restoresInput(turn: ChatTurn, end: TurnEnd): boolean {
  return turn.kind !== 'option' && end.kind === 'failed' && !end.refused;
}

/**
 * The input's part in a turn: called once the server stored the typed text as the player's
 * message (the input lets it go); `failed` puts it back when the reply then failed.
 */
export interface StoredInput {
  (): void;
  failed?: () => void;
}
