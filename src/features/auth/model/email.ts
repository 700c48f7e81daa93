/**
 * E-mail format (spec 1 §5). The same pattern as the backend's validator (valibot's
 * `email()`), so an address the form lets through is never bounced as 42200.
 */
const EMAIL = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

export function normaliseEmail(email: string): string {
  return email.trim();
}

export function isValidEmail(email: string): boolean {
  const e = normaliseEmail(email);
  return e.length <= EMAIL_MAX_LENGTH && EMAIL.test(e);
}
