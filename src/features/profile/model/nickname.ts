import type { LimitItem } from '@/api/profile';

/**
 * The nickname rule of spec 1 §5: 1-30 characters of Chinese, English, digits, space, hyphen
 * and underscore. The server checks the trimmed value the same way (42250-42252); this check
 * runs at the field first, so nothing invalid is sent.
 */
export const NICKNAME_MAX = 30;
const NICKNAME_CHARS = /^[\p{Script=Han}A-Za-z0-9 _-]+$/u;

export type NicknameProblem = 'empty' | 'tooLong' | 'symbols';

/** Characters, as the server counts them (a surrogate pair is one). */
export function nicknameLength(value: string): number {
  return [...value.trim()].length;
}

export function nicknameProblem(value: string): NicknameProblem | null {
  const nickname = value.trim();
  if (!nickname) return 'empty';
  if (nicknameLength(nickname) > NICKNAME_MAX) return 'tooLong';
  if (!NICKNAME_CHARS.test(nickname)) return 'symbols';
  return null;
}

/** The translation key of a problem: the same message the server's code resolves to. */
export const NICKNAME_PROBLEM_KEYS: Record<NicknameProblem, string> = {
  empty: 'errors:profile.nicknameEmpty',
  tooLong: 'errors:profile.nicknameTooLong',
  symbols: 'errors:profile.nicknameSymbols',
};

/** Spec 1 §3: remaining = total minus used, floored at 0. */
export function remainingChanges(limit: LimitItem): number {
  return Math.max(0, limit.total_times - limit.used_times);
}

export type ChangeAvailability = 'available' | 'used-up' | 'locked';

export function changeAvailability(limit: LimitItem): ChangeAvailability {
  if (!limit.enabled) return 'locked';
  return remainingChanges(limit) > 0 ? 'available' : 'used-up';
}
