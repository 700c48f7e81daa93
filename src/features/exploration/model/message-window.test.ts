import { describe, expect, it } from 'vitest';
import {
  ESTIMATED_ROW,
  MAX_ROWS,
  bottomOf,
  isAtBottom,
  keepAnchor,
  layout,
  rowAt,
  visibleRange,
  wantsOlder,
} from './message-window';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);

describe('message window', () => {
  it('lays rows out from measured heights, estimating the rest', () => {
    const l = layout(['a', 'b', 'c'], new Map([['b', 10]]));
    expect([...l.offsets]).toEqual([0, ESTIMATED_ROW, ESTIMATED_ROW + 10, 2 * ESTIMATED_ROW + 10]);
    expect(l.total).toBe(2 * ESTIMATED_ROW + 10);
  });

  it('finds the row at a height', () => {
    const l = layout(ids(4), new Map(), 100);
    expect(rowAt(l.offsets, 0)).toBe(0);
    expect(rowAt(l.offsets, 99)).toBe(0);
    expect(rowAt(l.offsets, 100)).toBe(1);
    expect(rowAt(l.offsets, 10_000)).toBe(3);
    expect(rowAt(new Float64Array([0]), 5)).toBe(0);
  });

  it('renders the viewport and its overscan only', () => {
    const l = layout(ids(5000), new Map(), 100);
    const r = visibleRange(l, 250_000, 800, 300);
    expect(r.start).toBe(2497);
    expect(r.end).toBe(2512);
  });

  it('opening at the latest message of 5,000 renders the last rows only', () => {
    const l = layout(ids(5000), new Map(), ESTIMATED_ROW);
    const r = visibleRange(l, bottomOf(l.total, 900), 900);
    expect(r.end).toBe(5000);
    expect(r.end - r.start).toBeLessThan(200);
  });

  it('caps the rows in the DOM whatever the heights, keeping the visible ones', () => {
    const tiny = layout(ids(5000), new Map(), 2);
    const r = visibleRange(tiny, 5000, 1000);
    expect(r.end - r.start).toBe(MAX_ROWS);
    // Everything visible (rows 2500-2999) cannot fit: the cap starts at the first visible.
    expect(r.start).toBe(2500);
    const some = layout(ids(5000), new Map(), 20);
    const s = visibleRange(some, 20_000, 400, 2000);
    expect(s.end - s.start).toBe(MAX_ROWS);
    expect(s.start).toBeLessThanOrEqual(1000);
    expect(s.end).toBeGreaterThanOrEqual(1020);
  });

  it('empty list: nothing to render', () => {
    expect(visibleRange(layout([], new Map()), 0, 500)).toEqual({ start: 0, end: 0 });
  });

  it('keeps the anchor row in place when older messages come in above', () => {
    // Row m10 was at 1000, seen at scrollTop 1040; 50 older rows of 100 now sit above it.
    expect(keepAnchor({ offset: 1000, scrollTop: 1040 }, 6000)).toBe(6040);
  });

  it('follows the latest message near the bottom; asks for older near the top', () => {
    expect(isAtBottom(1000, 500, 1540)).toBe(true);
    expect(isAtBottom(900, 500, 1540)).toBe(false);
    expect(wantsOlder(100)).toBe(true);
    expect(wantsOlder(5000)).toBe(false);
    expect(bottomOf(300, 500)).toBe(0);
  });
});
