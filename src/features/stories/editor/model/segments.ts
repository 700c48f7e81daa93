/**
 * A long paragraph is rendered as several DOM text nodes instead of one. The browser inserts
 * a typed character into the text node under the caret and reshapes that node's text: in a
 * 20,000-character paragraph held in one node that is about 8 ms a key, in a node of a few
 * hundred characters about 3 ms. The leaf of a long paragraph renders one
 * `[data-slate-string]` span per segment (chapter-body.tsx); Slate maps DOM points to text
 * offsets across all of a text's string spans, so the model stays one text per paragraph.
 * (Decorations would split the leaf too, but cost more script per key than they save.)
 *
 * The boundaries are content-defined (as in rsync's chunking): a boundary follows a position
 * whose preceding WINDOW characters hash to 0 modulo MODULUS. A keystroke moves only the
 * boundaries within WINDOW characters after it, so every other segment keeps its text and
 * React leaves its DOM alone; boundaries at fixed offsets would shift every later segment by
 * one character on each key.
 */

/** Paragraphs up to this length stay one text node. */
export const SEGMENT_FROM = 1_000;
const WINDOW = 8;
/** About one boundary in this many positions: leaves of ~300 characters on average. */
const MODULUS = 300;
/** No leaf shorter than this (a run of one repeated character hashes the same everywhere). */
const MIN_SEGMENT = 64;
const BASE = 0x01000193;
/** BASE ** WINDOW (mod 2^32), to drop the character leaving the window. */
const BASE_OUT = (() => {
  let p = 1;
  for (let i = 0; i < WINDOW; i++) p = Math.imul(p, BASE);
  return p;
})();

/** murmur3's finaliser: spreads the rolling hash over the low bits the modulus reads. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Offsets where a new segment starts (ascending, never 0 or text.length). */
export function segmentBoundaries(text: string): number[] {
  if (text.length <= SEGMENT_FROM) return [];
  const out: number[] = [];
  let last = 0;
  // Rolling polynomial hash of text[i - WINDOW, i): one pass over the paragraph.
  let h = 0;
  for (let i = 0; i < text.length - MIN_SEGMENT; i++) {
    h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
    if (i >= WINDOW) h = (h - Math.imul(text.charCodeAt(i - WINDOW), BASE_OUT)) | 0;
    const at = i + 1;
    if (at < WINDOW || at - last < MIN_SEGMENT) continue;
    // Never split a surrogate pair (an emoji or a rare CJK character).
    const next = text.charCodeAt(at);
    if (next >= 0xdc00 && next <= 0xdfff) continue;
    if (mix(h) % MODULUS === 0) {
      out.push(at);
      last = at;
    }
  }
  return out;
}

/** The paragraph's text cut at its segment boundaries. */
export function splitSegments(text: string): string[] {
  const cuts = segmentBoundaries(text);
  if (!cuts.length) return [text];
  const out: string[] = [];
  let start = 0;
  for (const end of [...cuts, text.length]) {
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
