/**
 * Where a refused login call's message belongs (spec 1 §5: errors at the field). The text
 * itself comes from `errorText(endpoint, error, t)`; this only says which field shows it.
 * Anything not listed (connectivity, 500, unknown codes) is shown for the whole form.
 */
export type LoginField = 'phone' | 'code' | 'email' | 'password' | 'form';

export type LoginEndpoint =
  | 'sendPhoneCode'
  | 'loginWithPhone'
  | 'sendEmailCode'
  | 'confirmEmailCode'
  | 'loginWithEmail'
  | 'resetPassword';

const FIELDS: Record<LoginEndpoint, Partial<Record<number, LoginField>>> = {
  sendPhoneCode: { 42901: 'phone', 42200: 'phone' },
  loginWithPhone: { 42210: 'code', 42211: 'code', 42200: 'phone' },
  sendEmailCode: { 42901: 'email', 42200: 'email' },
  confirmEmailCode: { 42210: 'code', 42211: 'code', 42200: 'email' },
  loginWithEmail: { 40101: 'password', 42200: 'email' },
  resetPassword: { 40101: 'email', 42210: 'code', 42211: 'code', 42200: 'email' },
};

export function fieldOfError(endpoint: LoginEndpoint, code: number | null): LoginField {
  if (code === null) return 'form';
  return FIELDS[endpoint][code] ?? 'form';
}

/**
 * 42901 carries `content.retry_after_s`: the countdown can resume from the server's clock
 * rather than restart at 60 s. Anything else (or a malformed value) gives null.
 */
export function retryAfterSeconds(content: unknown): number | null {
  if (typeof content !== 'object' || content === null) return null;
  const value = (content as { retry_after_s?: unknown }).retry_after_s;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}
