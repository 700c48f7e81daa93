import { describe, expect, it } from 'vitest';
import { isValidCode, isValidPhone, resendSecondsLeft } from './phone';

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
