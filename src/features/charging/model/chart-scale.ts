import type { ChargeChart } from '@/api/charging';

/**
 * The scales of the charges chart (spec 2 §7 charged_chart): a bar a day, amounts on a linear
 * axis from 0 to a "nice" top with a few round ticks, and dates under the bars thinned so they
 * never crowd. Pure, so the SVG component only draws what this computes.
 */

export type ChartPoint = ChargeChart['points'][number];

/** The steps a tick interval may take, times a power of ten. */
const STEPS = [1, 2, 2.5, 5, 10];

/** The smallest round step (1, 2, 2.5, 5 × 10^k) that covers `max` in `ticks` intervals. */
export function niceStep(max: number, ticks: number): number {
  if (!(max > 0)) return 1;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * power >= raw - 1e-9) ?? 10;
  // Steps below 1 make no sense for whole amounts of power.
  return Math.max(1, step * power);
}

/** The axis: 0 to a round top with `ticks` round intervals (all zero days: 0 to 4). */
export function valueAxis(values: readonly number[], ticks = 4): { top: number; ticks: number[] } {
  const max = Math.max(0, ...values);
  const step = niceStep(max, ticks);
  // Enough intervals to reach the largest value; an empty chart shows the usual number.
  const intervals = max > 0 ? Math.ceil(max / step) : ticks;
  const marks = Array.from({ length: intervals + 1 }, (_, i) => i * step);
  const top = intervals * step;
  return { top, ticks: marks };
}

/** Room a date label ("11-05" at 11 px) takes on the axis, with space between two of them. */
export const DATE_LABEL_SLOT = 56;
/** The widest a date label is drawn, for keeping the first and last inside the box. */
const DATE_LABEL_HALF = 18;

/**
 * The box for a chart drawn `width` CSS pixels wide: the box is the drawing's own size, so its
 * text is drawn at its CSS size on a phone too (a fixed 640-wide box scaled to 390 px drew
 * 11 px labels 6.7 px tall).
 */
export function chartBox(width: number): ChartBox {
  return { ...DEFAULT_BOX, width: Math.max(240, Math.round(width)) };
}

/** How many date labels fit under the plot (at most 7). */
export function maxDateLabels(box: ChartBox): number {
  return Math.max(2, Math.min(7, Math.floor((box.width - box.left - box.right) / DATE_LABEL_SLOT)));
}

/**
 * Where a bar's date label goes: centred under the bar, except near an edge of the box, where it
 * is anchored to stay whole inside it (the latest day's label sits at the right edge).
 */
export function dateLabelAt(bar: Pick<Bar, 'x' | 'width'>, box: ChartBox) {
  const centre = bar.x + bar.width / 2;
  if (centre + DATE_LABEL_HALF > box.width)
    return { x: Math.min(bar.x + bar.width, box.width - 1), anchor: 'end' as const };
  if (centre - DATE_LABEL_HALF < 0) return { x: Math.max(bar.x, 1), anchor: 'start' as const };
  return { x: centre, anchor: 'middle' as const };
}

/** Every how many days a date label is shown, so at most `maxLabels` show. */
export function labelEvery(days: number, maxLabels = 7): number {
  return Math.max(1, Math.ceil(days / maxLabels));
}

/** "2026-11-05" → "11-05": the axis shows month and day. */
export function shortDate(date: string): string {
  return date.length >= 10 ? date.slice(5, 10) : date;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the value labels on the left and the dates below. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export const DEFAULT_BOX: ChartBox = {
  width: 640,
  height: 220,
  left: 48,
  bottom: 28,
  top: 12,
  right: 8,
};

export interface Bar {
  date: string;
  amount: number;
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Whether this bar's date is labelled under the axis. */
  labelled: boolean;
}

/** Bars in the box's coordinates, each a day, with a gap between them; a zero day has height 0. */
export function chartBars(points: readonly ChartPoint[], box: ChartBox = DEFAULT_BOX) {
  const axis = valueAxis(points.map((p) => p.amount));
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const slot = points.length ? plotW / points.length : plotW;
  const gap = Math.min(4, slot * 0.2);
  const every = labelEvery(points.length, maxDateLabels(box));
  const bars: Bar[] = points.map((p, i) => {
    const height = axis.top > 0 ? (p.amount / axis.top) * plotH : 0;
    return {
      date: p.date,
      amount: p.amount,
      count: p.count,
      x: box.left + i * slot + gap / 2,
      y: box.top + plotH - height,
      width: Math.max(1, slot - gap),
      height,
      // The latest day is always labelled; the others every `every` days counting back from it.
      labelled: (points.length - 1 - i) % every === 0,
    };
  });
  const tickY = (v: number) => box.top + plotH - (axis.top > 0 ? (v / axis.top) * plotH : 0);
  return { axis, bars, tickY, plotH, plotW };
}

/** What the chart says in words (its accessible description): total, charges and the best day. */
export function chartSummary(points: readonly ChartPoint[]) {
  let best: ChartPoint | null = null;
  let total = 0;
  let count = 0;
  for (const p of points) {
    total += p.amount;
    count += p.count;
    if (p.amount > 0 && (!best || p.amount > best.amount)) best = p;
  }
  return { total, count, best };
}
