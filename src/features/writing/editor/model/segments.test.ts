import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedToday as seed } from '@mocks/seed-today';
import {
  carrySegmentIds,
  segment,
  SEGMENT_FROM,
  segmentBoundaries,
  segmentsOf,
  splitSegments,
} from './segments';

/** Chinese prose from the seeded chapters, `length` characters in one paragraph. */
function prose(length: number) {
  const source = seed.chapters.map((c) => c.content.replace(/\n/g, '')).join('');
  let text = '';
  while (text.length < length) text += source;
  return text.slice(0, length);
}

describe('segments of a long paragraph', () => {
  it('leaves a paragraph up to SEGMENT_FROM characters whole', () => {
    expect(splitSegments(prose(SEGMENT_FROM))).toEqual([prose(SEGMENT_FROM)]);
    expect(splitSegments('')).toEqual(['']);
  });

  it('cuts 20,000 characters into segments of a few hundred that join back exactly', () => {
    const text = prose(20_000);
    const parts = splitSegments(text);
    expect(parts.join('')).toBe(text);
    expect(parts.length).toBeGreaterThan(20);
    expect(parts.length).toBeLessThan(200);
    expect(Math.min(...parts.map((p) => p.length))).toBeGreaterThanOrEqual(64);
  });

  it('moves only the boundaries next to a typed character', () => {
    const text = prose(20_000);
    const before = splitSegments(text);
    for (const at of [37, 5_000, 12_345, 19_990]) {
      const after = splitSegments(text.slice(0, at) + 'x' + text.slice(at));
      // Every segment but the one or two around the insertion keeps its exact text, so
      // React leaves their DOM nodes alone.
      const kept = after.filter((s) => before.includes(s)).length;
      expect(kept).toBeGreaterThanOrEqual(before.length - 2);
    }
  });

  it('never splits a surrogate pair, and copes with one repeated character', () => {
    const emoji = '🌧'.repeat(3_000);
    for (const cut of segmentBoundaries(emoji)) expect(cut % 2).toBe(0);
    const same = '字'.repeat(5_000);
    const parts = splitSegments(same);
    expect(parts.join('')).toBe(same);
    expect(Math.min(...parts.map((p) => p.length))).toBeGreaterThanOrEqual(64);
  });

  it('segments the next version of a paragraph from the last one exactly as from scratch', () => {
    const base = prose(6_000);
    // Some stretches of one repeated character and some surrogate pairs, where cuts are rare
    // or forbidden.
    const texts = fc
      .tuple(fc.integer({ min: 900, max: 6_000 }), fc.integer({ min: 0, max: 5 }))
      .map(([length, odd]) => {
        let text = base.slice(0, length);
        for (let i = 0; i < odd; i++) {
          const at = (i * 997) % text.length;
          text = text.slice(0, at) + (i % 2 ? '字'.repeat(300) : '🌧'.repeat(150)) + text.slice(at);
        }
        return text;
      });
    const edit = fc.record({
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      removed: fc.integer({ min: 0, max: 400 }),
      inserted: fc.constantFrom('', 'x', '新', '🌧', 'ab', '天地玄黄'.repeat(60)),
    });
    fc.assert(
      fc.property(texts, fc.array(edit, { minLength: 1, maxLength: 6 }), (start, edits) => {
        let text = start;
        let last = segment(text);
        for (const e of edits) {
          const at = Math.floor(e.at * text.length);
          text = text.slice(0, at) + e.inserted + text.slice(at + e.removed);
          const next = segment(text, last);
          expect(next.cuts).toEqual(segment(text).cuts);
          last = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the boundaries away from a keystroke as they were', () => {
    const text = prose(20_000);
    const before = segment(text);
    const typed = text.slice(0, 9_000) + '新' + text.slice(9_000);
    const after = segment(typed, before);
    expect(after.cuts.filter((c) => c < 8_990)).toEqual(before.cuts.filter((c) => c < 8_990));
    expect(after.cuts.filter((c) => c > 9_400)).toEqual(
      before.cuts.filter((c) => c > 9_399).map((c) => c + 1),
    );
    expect(segment(typed, after)).toBe(after);
  });

  it('drops a boundary that deleting the end of the paragraph leaves too close to it', () => {
    const text = prose(20_000);
    const before = segment(text);
    const cut = before.cuts[10]!;
    const shortened = text.slice(0, cut + 30);
    expect(segment(shortened, before).cuts).toEqual(segment(shortened).cuts);
    expect(segment(shortened, before).cuts).not.toContain(cut);
  });

  it('carries segment keys over an edit: only a segment a new boundary made gets a new one', () => {
    const text = prose(20_000);
    const before = segment(text);
    const ids = before.cuts.map((_, i) => i).concat(before.cuts.length);
    // Every edit, at every stretch of the paragraph: keys stay unique, the segments away
    // from the edit keep theirs (same text), and as many keys are new as segments were added.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: text.length }),
        fc.integer({ min: 0, max: 40 }),
        fc.string({ minLength: 0, maxLength: 40 }),
        (at, removed, typed) => {
          const next = text.slice(0, at) + typed + text.slice(Math.min(text.length, at + removed));
          const after = segment(next, before);
          let fresh = 1_000_000;
          const carried = carrySegmentIds(before, ids, after, () => fresh++);
          expect(carried).toHaveLength(after.cuts.length + 1);
          expect(new Set(carried).size).toBe(carried.length);
          expect(carried.filter((id) => id >= 1_000_000)).toHaveLength(
            Math.max(0, after.cuts.length - before.cuts.length),
          );
          const oldParts = segmentsOf(before);
          const newParts = segmentsOf(after);
          const kept = new Map(ids.map((id, i) => [id, oldParts[i]]));
          const unchanged = carried.filter((id, i) => kept.get(id) === newParts[i]).length;
          // Only the segments around the edit (its own, and those a moved boundary touched).
          expect(carried.length - unchanged).toBeLessThanOrEqual(
            Math.ceil((typed.length + removed) / 64) + 3,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
