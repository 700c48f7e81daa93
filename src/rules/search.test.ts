import { describe, expect, it } from 'vitest';
import { SEARCH_KEYWORD_MAX, cleanKeyword, keywordProblem } from './search';

describe('search keyword', () => {
  it('is empty when blank after trimming', () => {
    expect(keywordProblem('')).toBe('empty');
    expect(keywordProblem('  \u3000 ')).toBe('empty');
    expect(cleanKeyword('  云海  ')).toBe('云海');
  });

  it('counts by the shared counter: 30 Chinese characters pass, 31 do not', () => {
    expect(keywordProblem('字'.repeat(SEARCH_KEYWORD_MAX))).toBeNull();
    expect(keywordProblem('字'.repeat(SEARCH_KEYWORD_MAX + 1))).toBe('tooLong');
  });

  it('counts an English word once, so a long single word is still short', () => {
    expect(keywordProblem('a'.repeat(40))).toBeNull();
    expect(keywordProblem(Array(31).fill('w').join(' '))).toBe('tooLong');
  });
});
