import { formatCount, type NumberLang } from '@/lib/number-format';

/** Spec 1 §2, §7; spec 2 §5, §9: another page loads by itself when fewer than this came back. */
export const AUTO_LOAD_UNDER = 15;
/** Spec 1 §2: the end-of-list text shows only on a list longer than this. */
export const END_TEXT_AFTER = 10;

export type Medal = 'gold' | 'silver' | 'bronze';
const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];

/** A row's rank mark (spec 1 §2): medals for the top three, two-digit numbers for the rest. */
export type RankMark =
  { kind: 'medal'; medal: Medal; rank: number } | { kind: 'number'; text: string; rank: number };

/** The mark of the row at `index` (0-based) of the ranked list. */
export function rankMark(index: number): RankMark {
  const rank = index + 1;
  const medal = MEDALS[index];
  if (medal) return { kind: 'medal', medal, rank };
  return { kind: 'number', text: String(rank).padStart(2, '0'), rank };
}

/** The power a supporter added, with a plus sign, in the number format of spec 1 §9. */
export function plusAmount(amount: number, lang: NumberLang): string {
  return `+${formatCount(amount, lang)}`;
}

/**
 * Whether to load the next page without waiting for a scroll: the last page brought fewer than
 * 15 rows while more exist (a short page would leave nothing to scroll, spec 2 §5).
 */
export function shouldAutoLoad(lastPageSize: number | undefined, hasNext: boolean): boolean {
  return hasNext && lastPageSize !== undefined && lastPageSize < AUTO_LOAD_UNDER;
}

/** The end text: at the end of a list of more than 10 rows. */
export function showEndText(rows: number, hasNext: boolean): boolean {
  return !hasNext && rows > END_TEXT_AFTER;
}
