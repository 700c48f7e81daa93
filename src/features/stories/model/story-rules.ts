import { countText, isTooLong } from '@/rules/text-count';

/** Story titles and chapter names: at most 30 by the shared text counter (as the server checks). */
export const TITLE_MAX = 30;
/** Spec 1 §5, §9: publishing a chapter needs a body longer than 30 characters. */
export const PUBLISH_MIN_BODY = 30;

export type TitleProblem = 'required' | 'tooLong';

/** The client's check of a story title or chapter name (42241 / 42204 on the server). */
export function titleProblem(raw: string): TitleProblem | null {
  const title = raw.trim();
  if (!title) return 'required';
  if (isTooLong(title, TITLE_MAX)) return 'tooLong';
  return null;
}

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
