import { describe, expect, it } from 'vitest';
import {
  chartBars,
  chartBox,
  chartSummary,
  dateLabelAt,
  DEFAULT_BOX,
  maxDateLabels,
  labelEvery,
  niceStep,
  shortDate,
  valueAxis,
} from './chart-scale';

const day = (i: number, amount: number, count = amount ? 1 : 0) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  amount,
  count,
});

describe('niceStep', () => {
  it('takes a round step of 1, 2, 2.5 or 5 times a power of ten that covers the top', () => {
    expect(niceStep(1000, 4)).toBe(250);
    expect(niceStep(5000, 4)).toBe(2000);
    expect(niceStep(6100, 4)).toBe(2000);
    expect(niceStep(800, 4)).toBe(200);
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(0, 4)).toBe(1);
    expect(niceStep(3, 4)).toBe(1);
  });
});

describe('valueAxis', () => {
  it('runs from 0 to a round top at or above the largest value', () => {
    expect(valueAxis([0, 600, 1000])).toEqual({ top: 1000, ticks: [0, 250, 500, 750, 1000] });
    const axis = valueAxis([100, 6100]);
    expect(axis.top).toBeGreaterThanOrEqual(6100);
    expect(axis.ticks[0]).toBe(0);
    expect(axis.ticks).toEqual([0, 2000, 4000, 6000, 8000]);
  });

  it('an all-zero chart still has an axis', () => {
    expect(valueAxis([0, 0, 0])).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(valueAxis([])).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
  });
});

describe('labels', () => {
  it('shows at most 7 dates', () => {
    expect(labelEvery(7)).toBe(1);
    expect(labelEvery(30)).toBe(5);
    expect(labelEvery(90)).toBe(13);
  });

  it('shows month and day', () => {
    expect(shortDate('2026-11-05')).toBe('11-05');
  });
});

describe('chartBars', () => {
  it('draws a bar a day inside the plot, the tallest reaching the top of a round axis', () => {
    const points = Array.from({ length: 30 }, (_, i) =>
      day(i, i === 10 ? 1000 : i === 20 ? 500 : 0),
    );
    const { bars, axis, plotH } = chartBars(points);
    expect(bars).toHaveLength(30);
    expect(axis.top).toBe(1000);
    const tallest = bars[10]!;
    expect(tallest.height).toBeCloseTo(plotH);
    expect(tallest.y).toBeCloseTo(DEFAULT_BOX.top);
    expect(bars[20]!.height).toBeCloseTo(plotH / 2);
    expect(bars[0]!.height).toBe(0);
    for (const b of bars) {
      expect(b.x).toBeGreaterThanOrEqual(DEFAULT_BOX.left);
      expect(b.x + b.width).toBeLessThanOrEqual(DEFAULT_BOX.width - DEFAULT_BOX.right + 1e-9);
    }
  });

  it('always labels the latest day and thins the others', () => {
    const { bars } = chartBars(Array.from({ length: 30 }, (_, i) => day(i, 0)));
    expect(bars[29]!.labelled).toBe(true);
    expect(bars.filter((b) => b.labelled).length).toBeLessThanOrEqual(7);
  });
});

describe('a chart drawn at its own width', () => {
  // The box is the drawing's CSS size, so 11 px labels stay 11 px on a phone; the dates thin
  // out to what the width holds, and the first and last stay whole inside the box.
  it.each([300, 358, 640, 900])('at %i px: labels fit and stay inside', (width) => {
    const box = chartBox(width);
    expect(box.width).toBe(width);
    const { bars } = chartBars(
      Array.from({ length: 30 }, (_, i) => day(i, i * 10)),
      box,
    );
    const labelled = bars.filter((b) => b.labelled);
    expect(labelled.length).toBeLessThanOrEqual(maxDateLabels(box));
    expect(bars[29]!.labelled).toBe(true);
    const at = labelled.map((b) => dateLabelAt(b, box));
    for (const [i, a] of at.entries()) {
      // 18 px: half the widest label ("11-05" at 11 px) drawn centred.
      const left = a.anchor === 'start' ? a.x : a.anchor === 'end' ? a.x - 36 : a.x - 18;
      const right = a.anchor === 'start' ? a.x + 36 : a.anchor === 'end' ? a.x : a.x + 18;
      expect(left, `label ${i} at ${width}`).toBeGreaterThanOrEqual(0);
      expect(right, `label ${i} at ${width}`).toBeLessThanOrEqual(box.width);
      if (i > 0) expect(a.x - at[i - 1]!.x, 'labels apart').toBeGreaterThanOrEqual(36);
    }
  });

  it('anchors the latest day at the right edge when centring would cut it', () => {
    const box = chartBox(358);
    const { bars } = chartBars(
      Array.from({ length: 30 }, (_, i) => day(i, 1)),
      box,
    );
    expect(dateLabelAt(bars[29]!, box).anchor).toBe('end');
    expect(dateLabelAt(bars[15]!, box).anchor).toBe('middle');
  });

  it('never draws narrower than 240 px', () => {
    expect(chartBox(0).width).toBe(240);
  });
});

describe('chartSummary', () => {
  it('totals the amounts and charges and finds the best day', () => {
    const s = chartSummary([day(0, 100), day(1, 0), day(2, 5000, 2)]);
    expect(s.total).toBe(5100);
    expect(s.count).toBe(3);
    expect(s.best?.date).toBe('2026-11-03');
    expect(chartSummary([day(0, 0)]).best).toBeNull();
  });
});
