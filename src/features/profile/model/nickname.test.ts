import { describe, expect, it } from 'vitest';
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
