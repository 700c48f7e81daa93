import { countText, isTooLong } from './text-count';

/** Spec 1 §5, §9 and spec 2 §5: a tip (charge) message is at most 50; an option is required. */
export const TIP_MESSAGE_MAX = 50;

/** The message's length as the shared counter counts it (the live counter shows it). */
export function tipMessageLength(text: string): number {
  return countText(text);
}

/** Over 50 counted: the client refuses it at the field, the server answers 42244. */
export function tipMessageTooLong(text: string): boolean {
  return isTooLong(text, TIP_MESSAGE_MAX);
}
