import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, rowWindow, sameWindow } from './virtual-window';

describe('rowWindow', () => {
  it('renders the rows in view and the overscan either side', () => {
    // 600 px box of 60 px rows scrolled to row 100.
    expect(rowWindow(6000, 600, 60, 5000)).toEqual({
      start: 100 - OVERSCAN_ROWS,
      end: 100 + 11 + OVERSCAN_ROWS,
    });
  });

  it('starts at 0 and stops at the end of the list', () => {
    expect(rowWindow(0, 600, 60, 5000).start).toBe(0);
    expect(rowWindow(60 * 5000, 600, 60, 5000).end).toBe(5000);
    expect(rowWindow(0, 600, 60, 3)).toEqual({ start: 0, end: 3 });
    expect(rowWindow(0, 600, 60, 0)).toEqual({ start: 0, end: 0 });
  });

  it('renders a screen before the box has a height', () => {
    expect(rowWindow(0, 0, 60, 5000).end).toBeGreaterThanOrEqual(10);
  });

  it('always covers the view, never past the list, and stays small', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400_000 }),
        fc.integer({ min: 100, max: 2000 }),
        fc.integer({ min: 20, max: 120 }),
        fc.integer({ min: 0, max: 10_000 }),
        (scrollTop, height, row, count) => {
          const w = rowWindow(scrollTop, height, row, count);
          expect(w.start).toBeGreaterThanOrEqual(0);
          expect(w.end).toBeLessThanOrEqual(count);
          expect(w.end - w.start).toBeLessThan(200);
          const top = Math.min(scrollTop, Math.max(0, count * row - height));
          const firstVisible = Math.floor(top / row);
          const lastVisible = Math.min(count, Math.ceil((top + height) / row));
          if (count > 0) {
            expect(w.start).toBeLessThanOrEqual(firstVisible);
            expect(w.end).toBeGreaterThanOrEqual(lastVisible);
          }
        },
      ),
    );
  });

  it('compares windows by their rows', () => {
    expect(sameWindow({ start: 1, end: 5 }, { start: 1, end: 5 })).toBe(true);
    expect(sameWindow({ start: 1, end: 5 }, { start: 2, end: 5 })).toBe(false);
  });
});
