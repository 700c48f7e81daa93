/**
 * Phone and code checks of the login form (spec 1 §5: format and code checks). Mainland
 * numbers (callcode 86) are 11 digits starting 1[3-9]; other regions 5–15 digits.
 */
export const CODE_RESEND_SECONDS = 60;

export function isValidPhone(phone: string, callcode: string): boolean {
  const p = phone.trim();
  if (callcode === '86') return /^1[3-9]\d{9}$/.test(p);
  return /^\d{5,15}$/.test(p);
}

export function isValidCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/** Seconds left before another code may be sent, from the time the last one was sent. */
export function resendSecondsLeft(sentAtMs: number | null, nowMs: number): number {
  if (sentAtMs === null) return 0;
  return Math.max(0, CODE_RESEND_SECONDS - Math.floor((nowMs - sentAtMs) / 1000));
}
