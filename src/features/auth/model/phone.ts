/**
 * Phone and code checks of the login form (spec 1 §5: format and code checks). Mainland
 * numbers (callcode 86) are 11 digits starting 1[3-9]; other regions 5–15 digits.
 */
export const CODE_RESEND_SECONDS = 60;

/** Spec 1 §3: callcode defaults to 86. The others are the regions the product serves. */
export const DEFAULT_CALLCODE = '86';
export const CALLCODES = ['86', '852', '853', '886', '1', '65'] as const;

export function isValidPhone(phone: string, callcode: string): boolean {
  const p = phone.trim();
  if (callcode === '86') return /^1[3-9]\d{9}$/.test(p);
  return /^\d{5,15}$/.test(p);
}

/** Phone and e-mail codes alike are six digits. */
export function isValidCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/** Seconds left before another code may be sent, from the time the last one was sent. */
export function resendSecondsLeft(sentAtMs: number | null, nowMs: number): number {
  if (sentAtMs === null) return 0;
  return Math.max(0, CODE_RESEND_SECONDS - Math.floor((nowMs - sentAtMs) / 1000));
}
