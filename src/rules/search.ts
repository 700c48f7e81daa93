import { isTooLong } from './text-count';

/** Spec 1 §5 "Search keyword: not empty, not too long": at most 30 by the shared text counter. */
export const SEARCH_KEYWORD_MAX = 30;

export type KeywordProblem = 'empty' | 'tooLong';

/** The keyword as it is searched: surrounding white space trimmed. */
export function cleanKeyword(raw: string): string {
  return raw.trim();
}

/**
 * Why a keyword cannot be searched: blank after trimming (the server's 42263) or over
 * `SEARCH_KEYWORD_MAX` counted (42264). The client checks it at the field first.
 */
export function keywordProblem(raw: string): KeywordProblem | null {
  const keyword = cleanKeyword(raw);
  if (!keyword) return 'empty';
  if (isTooLong(keyword, SEARCH_KEYWORD_MAX)) return 'tooLong';
  return null;
}
