/**
 * The message window: which of a long chat's messages are in the DOM. Rows have different
 * heights, known only once rendered, so every row has an estimate until it is measured; the
 * list lays out all rows from those heights (one pass over the ids, cheap even for 5,000) and
 * renders only the rows that meet the viewport plus an overscan, between two spacers. The
 * number of rows in the DOM is capped, whatever the heights, so a chat of any length keeps a
 * small DOM (issue 14: fewer than 200 rows for 5,000 messages).
 */

/** Height assumed for a row not measured yet (px). */
export const ESTIMATED_ROW = 96;
/** Extra height rendered above and below the viewport (px). */
export const OVERSCAN_PX = 600;
/** At most this many rows in the DOM. */
export const MAX_ROWS = 80;
/** Older messages are asked for when the reader is this close to the top (px). */
export const LOAD_OLDER_PX = 800;
/** Within this of the bottom the list counts as following the latest message (px). */
export const STICK_PX = 48;

export interface Layout {
  /** offsets[i]: the top of row i; offsets[count] the total height. */
  offsets: Float64Array;
  total: number;
}

export function layout(
  ids: readonly string[],
  measured: ReadonlyMap<string, number>,
  estimate: number = ESTIMATED_ROW,
): Layout {
  const offsets = new Float64Array(ids.length + 1);
  let y = 0;
  for (let i = 0; i < ids.length; i++) {
    offsets[i] = y;
    y += measured.get(ids[i]!) ?? estimate;
  }
  offsets[ids.length] = y;
  return { offsets, total: y };
}

/** The row at height y (the last row whose top is at or above it). */
export function rowAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface Range {
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * The rows to render for a viewport at `scrollTop` of height `viewport`: those meeting the
 * viewport widened by the overscan, at most `maxRows`, centred on what is visible.
 */
export function visibleRange(
  { offsets }: Layout,
  scrollTop: number,
  viewport: number,
  overscan: number = OVERSCAN_PX,
  maxRows: number = MAX_ROWS,
): Range {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const first = rowAt(offsets, Math.max(0, scrollTop));
  const last = rowAt(offsets, Math.max(0, scrollTop + viewport - 1));
  let start = rowAt(offsets, Math.max(0, scrollTop - overscan));
  let end = Math.min(count, rowAt(offsets, scrollTop + viewport + overscan) + 1);
  if (end - start > maxRows) {
    // Keep what is visible, and share what is left of the cap between both sides.
    const spare = Math.max(0, maxRows - (last - first + 1));
    start = Math.max(start, first - Math.floor(spare / 2));
    end = Math.min(end, start + maxRows);
    start = Math.max(0, Math.min(start, end - maxRows));
  }
  return { start, end };
}

/**
 * Where to scroll after the layout changed above the reader (older messages put on top, a
 * row above measured): the anchor row keeps its place on screen.
 */
export function keepAnchor(
  before: { offset: number; scrollTop: number },
  anchorOffsetAfter: number,
): number {
  return Math.max(0, anchorOffsetAfter + (before.scrollTop - before.offset));
}

/** The scroll position that shows the end of the list. */
export const bottomOf = (total: number, viewport: number) => Math.max(0, total - viewport);

export const isAtBottom = (scrollTop: number, viewport: number, total: number) =>
  total - (scrollTop + viewport) <= STICK_PX;

export const wantsOlder = (scrollTop: number) => scrollTop <= LOAD_OLDER_PX;
