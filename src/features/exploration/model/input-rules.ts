import { EXPLORATION_LIMITS, hasChinese } from '@/rules/exploration-limits';

/**
 * What a player may send (spec 2 §5, §8): trimmed text, not empty (42224), not longer than
 * the limit (42224, counted in characters as the server does), and no Chinese to a model that
 * does not take it (42247). The client checks first so a refusal never costs a round trip;
 * the server checks again.
 */
export type InputProblem = 'empty' | 'tooLong' | 'chinese';

export type InputCheck = { ok: true; text: string } | { ok: false; problem: InputProblem };

/** Characters as the server counts them (code points). */
export const lengthOf = (text: string) => [...text].length;

export function checkMessage(
  raw: string,
  model: { supports_chinese: boolean } | null,
  limit: number = EXPLORATION_LIMITS.input,
): InputCheck {
  const text = raw.trim();
  if (!text) return { ok: false, problem: 'empty' };
  if (lengthOf(text) > limit) return { ok: false, problem: 'tooLong' };
  if (model && !model.supports_chinese && hasChinese(text))
    return { ok: false, problem: 'chinese' };
  return { ok: true, text };
}

/** The limit of an edited message: the player's follow the input's, replies are longer. */
export const editLimit = (role: 'player' | 'character' | 'narrator') =>
  role === 'player' ? EXPLORATION_LIMITS.input : EXPLORATION_LIMITS.reply;

/** An edit: not empty, not over its limit; Chinese is not checked (nothing is regenerated). */
export function checkEdit(raw: string, role: 'player' | 'character' | 'narrator'): InputCheck {
  const text = raw.trim();
  if (!text) return { ok: false, problem: 'empty' };
  if (lengthOf(text) > editLimit(role)) return { ok: false, problem: 'tooLong' };
  return { ok: true, text };
}

/** The translation key of a problem (both owners of the chat's strings use these). */
export const INPUT_PROBLEM_KEY: Record<InputProblem, string> = {
  empty: 'exploration:input.empty',
  tooLong: 'exploration:input.tooLong',
  chinese: 'exploration:errors.chineseUnsupported',
};

/** Enter sends; Shift+Enter (or a composition under way) writes a line break / the IME text. */
export function sendsOnKey(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): boolean {
  if (event.key !== 'Enter' || event.isComposing) return false;
  return !event.shiftKey && !event.altKey;
}
