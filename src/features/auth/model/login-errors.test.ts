import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldOfError, retryAfterSeconds, type LoginEndpoint } from './login-errors';

describe('where a refused login call shows its message', () => {
  it.each([
    ['sendPhoneCode', 42901, 'phone'],
    ['sendPhoneCode', 42200, 'phone'],
    ['loginWithPhone', 42210, 'code'],
    ['loginWithPhone', 42211, 'code'],
    ['loginWithPhone', 42200, 'phone'],
    ['sendEmailCode', 42901, 'email'],
    ['sendEmailCode', 42200, 'email'],
    ['confirmEmailCode', 42210, 'code'],
    ['confirmEmailCode', 42211, 'code'],
    ['confirmEmailCode', 42200, 'email'],
    ['loginWithEmail', 40101, 'password'],
    ['loginWithEmail', 42200, 'email'],
    ['resetPassword', 40101, 'email'],
    ['resetPassword', 42210, 'code'],
    ['resetPassword', 42211, 'code'],
    ['resetPassword', 42200, 'email'],
  ] as const)('%s %i → %s', (endpoint, code, field) => {
    expect(fieldOfError(endpoint, code)).toBe(field);
  });

  it('puts connectivity failures (no code) and unknown codes on the whole form', () => {
    expect(fieldOfError('loginWithPhone', null)).toBe('form');
    expect(fieldOfError('loginWithEmail', 50000)).toBe('form');
  });

  it('property: every endpoint answers a known field for any code', () => {
    const endpoints: LoginEndpoint[] = [
      'sendPhoneCode',
      'loginWithPhone',
      'sendEmailCode',
      'confirmEmailCode',
      'loginWithEmail',
      'resetPassword',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...endpoints), fc.option(fc.integer()), (endpoint, code) => {
        expect(['phone', 'code', 'email', 'password', 'form']).toContain(
          fieldOfError(endpoint, code),
        );
      }),
    );
  });

  it('reads retry_after_s from a 42901 body, rounding up', () => {
    expect(retryAfterSeconds({ retry_after_s: 42 })).toBe(42);
    expect(retryAfterSeconds({ retry_after_s: 1.2 })).toBe(2);
    expect(retryAfterSeconds({ retry_after_s: 0 })).toBeNull();
    expect(retryAfterSeconds({ retry_after_s: '42' })).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('x')).toBeNull();
  });

  it('property: retry_after_s is a positive whole number or null', () => {
    fc.assert(
      fc.property(fc.anything(), (content) => {
        const s = retryAfterSeconds(content);
        if (s !== null) expect(Number.isInteger(s) && s > 0).toBe(true);
      }),
    );
  });
});
