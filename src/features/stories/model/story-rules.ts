import { countText } from '@/rules/text-count';

// The title rule (titleProblem, TITLE_MAX) is shared with the mock server: src/rules/titles.ts.

/** Spec 1 §5, §9: publishing a chapter needs a body longer than 30 characters. */
export const PUBLISH_MIN_BODY = 30;

/**
 * Why a chapter cannot be published, as the server's code (spec 1 §8): 42241 no title,
 * 42242 empty body, 42248 a body of 30 counted characters or fewer. Null when it can be.
 * `words` is the chapter's word count (the shared counter over its body).
 */
export function publishBlocker(chapter: {
  name: string;
  word_count: number;
}): 42241 | 42242 | 42248 | null {
  if (!chapter.name.trim()) return 42241;
  if (chapter.word_count === 0) return 42242;
  if (chapter.word_count <= PUBLISH_MIN_BODY) return 42248;
  return null;
}

/** Same counting as the server's word counts (for a body the client holds). */
export const wordCount = countText;
