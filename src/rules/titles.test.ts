import { describe, expect, it } from 'vitest';
import { cleanTitle, TITLE_MAX, titleProblem } from './titles';

describe('story titles and chapter names', () => {
  it('are required after trimming and stripping bidi controls', () => {
    expect(titleProblem('')).toBe('required');
    expect(titleProblem(' \t\u3000 ')).toBe('required');
    expect(titleProblem('\u202E\u2066 ')).toBe('required');
  });

  it('count at most 30 (CJK per character), raw at most ten times that', () => {
    expect(TITLE_MAX).toBe(30);
    expect(titleProblem('章'.repeat(30))).toBeNull();
    expect(titleProblem('章'.repeat(31))).toBe('tooLong');
    expect(titleProblem('a'.repeat(300))).toBeNull();
    expect(titleProblem('a'.repeat(301))).toBe('tooLong');
    expect(titleProblem('x'.repeat(1_000_000))).toBe('tooLong');
  });

  it('are stored cleaned', () => {
    expect(cleanTitle('  \u202Ename\u202C  ')).toBe('name');
  });
});
