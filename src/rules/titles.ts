import { stripBidiControls } from './display-text';
import { isTooLong } from './text-count';

/** Story titles and chapter names: at most 30 by the shared text counter (as the server checks). */
export const TITLE_MAX = 30;

export type TitleProblem = 'required' | 'tooLong';

/**
 * A story title or chapter name as it is stored: bidi controls stripped (`display-text.ts`),
 * surrounding white space trimmed.
 */
export function cleanTitle(raw: string): string {
  return stripBidiControls(raw).trim();
}

/**
 * Why a story title or chapter name cannot be saved: blank after trimming (the server's
 * 42241) or over `TITLE_MAX` counted, or over ten times it raw (42204). The client checks it
 * at the field, the mock server again.
 */
export function titleProblem(raw: string): TitleProblem | null {
  const title = cleanTitle(raw);
  if (!title) return 'required';
  if (isTooLong(title, TITLE_MAX)) return 'tooLong';
  return null;
}
