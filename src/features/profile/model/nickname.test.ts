import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNickname } from '@mocks/handlers/profile';
import { MockApiError } from '@mocks/http';
import { changeAvailability, nicknameLength, nicknameProblem, remainingChanges } from './nickname';

describe('nickname rule', () => {
  it('accepts Chinese, English, digits, space, hyphen and underscore, 1-30 characters', () => {
    expect(nicknameProblem('墨染 青衣_2-b')).toBeNull();
    expect(nicknameProblem('字'.repeat(30))).toBeNull();
    expect(nicknameProblem('  ink  ')).toBeNull();
  });

  it('names the problem as the server would', () => {
    expect(nicknameProblem('   ')).toBe('empty');
    expect(nicknameProblem('a'.repeat(31))).toBe('tooLong');
    expect(nicknameProblem('ink!')).toBe('symbols');
    expect(nicknameProblem('墨（染）')).toBe('symbols');
    expect(nicknameProblem('😀')).toBe('symbols');
  });

  it('counts characters of the trimmed value', () => {
    expect(nicknameLength('  墨染 ')).toBe(2);
    expect(nicknameLength('😀a')).toBe(2);
  });
});

describe('monthly changes', () => {
  it('remaining is total minus used, floored at 0', () => {
    expect(remainingChanges({ enabled: true, total_times: 5, used_times: 2 })).toBe(3);
    expect(remainingChanges({ enabled: true, total_times: 5, used_times: 7 })).toBe(0);
  });

  it('is available, used up, or locked when disabled', () => {
    expect(changeAvailability({ enabled: true, total_times: 3, used_times: 1 })).toBe('available');
    expect(changeAvailability({ enabled: true, total_times: 3, used_times: 3 })).toBe('used-up');
    expect(changeAvailability({ enabled: false, total_times: 3, used_times: 0 })).toBe('locked');
  });
});

describe('nickname rule, properties', () => {
  const SERVER_CODE: Record<string, number> = { empty: 42250, tooLong: 42251, symbols: 42252 };
  /** The code the mock server answers for a nickname (it trims first), or null. */
  const serverCode = (value: string): number | null => {
    try {
      checkNickname(value.trim());
      return null;
    } catch (error) {
      if (error instanceof MockApiError) return error.code;
      throw error;
    }
  };
  const nicknameish = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc
      .array(fc.constantFrom(...'墨染青衣ab Z09_-\t!😀', '　'), { maxLength: 40 })
      .map((a) => a.join('')),
  );

  it('property: the field refuses exactly what the server refuses, with the same meaning', () => {
    fc.assert(
      fc.property(nicknameish, (value) => {
        const problem = nicknameProblem(value);
        const code = serverCode(value);
        if (code === 42253) return; // sensitive words: only the server knows them
        expect(code).toBe(problem === null ? null : SERVER_CODE[problem]);
      }),
      { numRuns: 500 },
    );
  });

  it('property: remaining changes are total minus used, never below 0', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(40), fc.boolean(), (total, used, enabled) => {
        const remaining = remainingChanges({ enabled, total_times: total, used_times: used });
        expect(remaining).toBe(Math.max(0, total - used));
        expect(remaining).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
