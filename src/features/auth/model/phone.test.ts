import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALLCODES,
  CODE_RESEND_SECONDS,
  DEFAULT_CALLCODE,
  isValidCode,
  isValidPhone,
  resendSecondsLeft,
} from './phone';

describe('phone login checks', () => {
  it('accepts mainland mobile numbers only for callcode 86', () => {
    expect(isValidPhone('13800138000', '86')).toBe(true);
    expect(isValidPhone(' 13800138000 ', '86')).toBe(true);
    expect(isValidPhone('12800138000', '86')).toBe(false);
    expect(isValidPhone('1380013800', '86')).toBe(false);
    expect(isValidPhone('1380013800a', '86')).toBe(false);
    expect(isValidPhone('4155550100', '1')).toBe(true);
    expect(isValidPhone('1234', '1')).toBe(false);
  });

  it('wants six digits for a code', () => {
    expect(isValidCode('123456')).toBe(true);
    expect(isValidCode('12345')).toBe(false);
    expect(isValidCode('12345a')).toBe(false);
  });

  it('counts the 60 s resend window down to zero', () => {
    expect(resendSecondsLeft(null, 1000)).toBe(0);
    expect(resendSecondsLeft(0, 0)).toBe(60);
    expect(resendSecondsLeft(0, 59_500)).toBe(1);
    expect(resendSecondsLeft(0, 60_000)).toBe(0);
    expect(resendSecondsLeft(0, 120_000)).toBe(0);
  });
});

describe('phone login checks, properties', () => {
  const digits = (min: number, max: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

  it('property: a mainland number is 1, then 3-9, then nine digits; nothing else passes for 86', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), digits(9, 9), (second, rest) => {
        expect(isValidPhone(`1${second}${rest}`, '86')).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isValidPhone(s, '86')) expect(s.trim()).toMatch(/^1[3-9]\d{9}$/);
      }),
    );
  });

  it('property: other calling codes take 5 to 15 digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALLCODES.filter((c) => c !== '86')),
        digits(0, 20),
        (cc, n) => {
          expect(isValidPhone(n, cc)).toBe(n.length >= 5 && n.length <= 15);
        },
      ),
    );
  });

  it('property: a code is valid exactly when it is six digits', () => {
    fc.assert(
      fc.property(fc.oneof(digits(0, 8), fc.string()), (s) => {
        expect(isValidCode(s)).toBe(/^\d{6}$/.test(s.trim()));
      }),
    );
  });

  it('property: the countdown never leaves 0..60 and never goes up as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (sentAt, a, b) => {
          const early = resendSecondsLeft(sentAt, sentAt + Math.min(a, b));
          const late = resendSecondsLeft(sentAt, sentAt + Math.max(a, b));
          expect(early).toBeGreaterThanOrEqual(late);
          expect(late).toBeGreaterThanOrEqual(0);
          expect(early).toBeLessThanOrEqual(CODE_RESEND_SECONDS);
        },
      ),
    );
  });

  it('defaults to callcode 86', () => {
    expect(DEFAULT_CALLCODE).toBe('86');
    expect(CALLCODES[0]).toBe('86');
  });
});
