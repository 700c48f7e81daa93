/**
 * Fixed-height windowing for long lists (a fans list of 5,000): only the rows in view, plus a
 * few either side, are in the DOM; a spacer gives the scroller the whole list's height.
 */
export interface RowWindow {
  /** First row rendered (inclusive). */
  start: number;
  /** Last row rendered + 1. */
  end: number;
}

/** Rows rendered beyond each edge of the view, so a quick scroll shows no gap. */
export const OVERSCAN_ROWS = 6;

export function rowWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = OVERSCAN_ROWS,
): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  // A scroll position past the end (the list just got shorter) counts as the end.
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, count * rowHeight - viewportHeight));
  const first = Math.floor(top / rowHeight);
  // Before the first layout the box has no height: render one screen's worth anyway.
  const inView = Math.ceil(Math.max(viewportHeight, rowHeight * 10) / rowHeight) + 1;
  const start = Math.max(0, Math.min(first, count - 1) - overscan);
  const end = Math.min(count, first + inView + overscan);
  return { start, end };
}

/** Equal windows keep the same object, so a scroll inside one row does not re-render. */
export function sameWindow(a: RowWindow, b: RowWindow): boolean {
  return a.start === b.start && a.end === b.end;
}
