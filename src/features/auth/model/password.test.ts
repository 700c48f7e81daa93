import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashPassword, isValidPassword, newPasswordErrors, PASSWORD_MIN_LENGTH } from './password';

describe('password rule (spec 1 §5: more than 8 characters, with a digit)', () => {
  it('draws the line at 9 characters and wants a digit', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(9);
    expect(isValidPassword('inkworld2026')).toBe(true);
    expect(isValidPassword('abcdefgh1')).toBe(true);
    expect(isValidPassword('abcdefg1')).toBe(false); // 8: not "more than 8"
    expect(isValidPassword('abcdefghij')).toBe(false); // no digit
    expect(isValidPassword('123456789')).toBe(true);
    expect(isValidPassword('')).toBe(false);
    expect(isValidPassword('墨境墨境墨境墨境1')).toBe(true);
  });

  it('counts an emoji as one character', () => {
    expect(isValidPassword('😀😀😀😀😀😀😀1')).toBe(false); // 8 characters
    expect(isValidPassword('😀😀😀😀😀😀😀😀1')).toBe(true);
  });

  it('hashes to the MD5 hex digest', () => {
    expect(hashPassword('inkworld2026')).toMatch(/^[0-9a-f]{32}$/);
    expect(hashPassword('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hashPassword('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it('property: valid exactly when at least 9 code points and a digit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 20 }), (s) => {
        expect(isValidPassword(s)).toBe([...s].length >= 9 && /\d/.test(s));
      }),
    );
  });

  it('property: adding a digit to a long enough password makes it valid; short ones never are', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8 }), fc.integer({ min: 0, max: 9 }), (s, d) => {
        expect(isValidPassword(s + String(d))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (s) => {
        if ([...s].length <= 8) expect(isValidPassword(s)).toBe(false);
      }),
    );
  });

  it('property: the hash is always 32 hex characters and never the password itself', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const h = hashPassword(s);
        expect(h).toMatch(/^[0-9a-f]{32}$/);
        expect(h).not.toBe(s);
      }),
    );
  });
});

describe('newPasswordErrors', () => {
  const t = (key: string) => key;
  it('checks the rule first, then that the repeat matches', () => {
    expect(newPasswordErrors('short1', 'short1', t)).toEqual({
      password: 'auth:validation.passwordInvalid',
    });
    expect(newPasswordErrors('longenough9', 'longenough8', t)).toEqual({
      repeat: 'auth:validation.passwordsDiffer',
    });
    expect(newPasswordErrors('longenough9', 'longenough9', t)).toEqual({});
  });
});
