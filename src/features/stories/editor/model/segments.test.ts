import { describe, expect, it } from 'vitest';
import seed from '@/mocks/seed.gen.json';
import { SEGMENT_FROM, segmentBoundaries, splitSegments } from './segments';

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
});
