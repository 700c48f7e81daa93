import { md5Hex } from '@/rules/md5';

/**
 * Spec 1 §5: a password has "more than 8 characters, with a digit". More than 8 means at
 * least 9. Characters are counted as code points, so an emoji is one character.
 */
export const PASSWORD_MIN_LENGTH = 9;

export function isValidPassword(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && /\d/.test(password);
}

/** Spec 1 §3: the password leaves the browser only as its MD5 hex digest. */
export function hashPassword(password: string): string {
  return md5Hex(password);
}

/**
 * Errors of a new password and its repeat (account creation, reset), as translated field
 * messages: the rule first, then the repeat must match.
 */
export function newPasswordErrors(
  password: string,
  repeat: string,
  t: (key: string) => string,
): { password?: string; repeat?: string } {
  if (!isValidPassword(password)) return { password: t('auth:validation.passwordInvalid') };
  if (repeat !== password) return { repeat: t('auth:validation.passwordsDiffer') };
  return {};
}
