import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isValidEmail, normaliseEmail } from './email';

/** The backend's rule (src/mocks/handlers/account.ts): trimmed, then valibot's email(). */
const serverEmail = v.pipe(v.string(), v.trim(), v.email());

describe('e-mail format', () => {
  it('accepts ordinary addresses and refuses broken ones', () => {
    expect(isValidEmail('author@inkworld.test')).toBe(true);
    expect(isValidEmail(' Author.Name+tag@mail.example.com ')).toBe(true);
    expect(isValidEmail('author@inkworld')).toBe(false);
    expect(isValidEmail('author@@inkworld.test')).toBe(false);
    expect(isValidEmail('author inkworld.test')).toBe(false);
    expect(isValidEmail('@inkworld.test')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });

  it('refuses addresses over 254 characters', () => {
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH)}@x.io`;
    expect(isValidEmail(long)).toBe(false);
  });

  it('property: whatever the form lets through, the backend accepts (no 42200 bounce)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.emailAddress(), fc.string(), fc.string({ unit: 'grapheme' })),
        (s) => {
          if (isValidEmail(s)) expect(v.safeParse(serverEmail, s).success).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: surrounding spaces never change the verdict', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.string({ unit: fc.constantFrom(' ', '\t') }), (e, pad) => {
        expect(isValidEmail(pad + e + pad)).toBe(isValidEmail(e));
        expect(normaliseEmail(pad + e + pad)).toBe(e.trim());
      }),
    );
  });

  it('property: anything without exactly one @ is refused', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if ((s.match(/@/g) ?? []).length !== 1) expect(isValidEmail(s)).toBe(false);
      }),
    );
  });
});
