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

/** A paragraph's text and its segment boundaries, kept to segment its next version. */
export interface Segmentation {
  text: string;
  /** Offsets where a new segment starts (ascending, never 0 or text.length). */
  cuts: number[];
}

/** Offsets where a new segment starts (ascending, never 0 or text.length). */
export function segmentBoundaries(text: string): number[] {
  return segment(text).cuts;
}

/**
 * Segments `text`. Given the segmentation of an earlier version of the same paragraph (the
 * text before a keystroke), only the stretch around the edit is scanned: boundaries before
 * the edit stay, and once the scan past the edit makes a boundary that the earlier version
 * had too (shifted by the edit's length), every later one is the same as before. The result
 * is always what a scan of the whole text gives (segments.test.ts checks both ways).
 */
export function segment(text: string, previous?: Segmentation | null): Segmentation {
  if (text.length <= SEGMENT_FROM) return { text, cuts: [] };
  if (previous?.text === text) return previous;
  const old = previous && previous.text.length > SEGMENT_FROM ? previous : null;
  let from = 0;
  const cuts: number[] = [];
  // Where a kept boundary of `old` may be reused after the edit, shifted by `delta`.
  let resync = Infinity;
  let delta = 0;
  let oldIndex = 0;
  if (old) {
    const a = old.text;
    const max = Math.min(a.length, text.length);
    let prefix = 0;
    while (prefix < max && a.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
    let suffix = 0;
    while (
      suffix < max - prefix &&
      a.charCodeAt(a.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)
    )
      suffix++;
    // A boundary at `at` depends on text[at - WINDOW, at] and on the boundary before it
    // (and no boundary falls in the last MIN_SEGMENT characters).
    const keep = Math.min(prefix, text.length - MIN_SEGMENT + 1);
    while (oldIndex < old.cuts.length && old.cuts[oldIndex]! < keep)
      cuts.push(old.cuts[oldIndex++]!);
    from = cuts.length ? cuts[cuts.length - 1]! : 0;
    delta = text.length - a.length;
    resync = text.length - suffix + WINDOW;
  }
  scan(text, from, cuts, (at) => {
    if (at < resync || !old) return false;
    while (oldIndex < old.cuts.length && old.cuts[oldIndex]! + delta < at) oldIndex++;
    if (old.cuts[oldIndex] !== at - delta) return false;
    for (let i = oldIndex + 1; i < old.cuts.length; i++) cuts.push(old.cuts[i]! + delta);
    return true;
  });
  return { text, cuts };
}

/**
 * The boundary scan from `start` (0 or a boundary), appending to `cuts`. `done(at)` is asked
 * after each new boundary and stops the scan when it answers true.
 */
function scan(text: string, start: number, cuts: number[], done: (at: number) => boolean) {
  let last = start;
  // Rolling polynomial hash of the WINDOW characters up to i, built up from `first`.
  const first = Math.max(0, start - WINDOW);
  let h = 0;
  for (let i = first; i < text.length - MIN_SEGMENT; i++) {
    h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
    if (i >= first + WINDOW) h = (h - Math.imul(text.charCodeAt(i - WINDOW), BASE_OUT)) | 0;
    const at = i + 1;
    if (at < WINDOW || at - last < MIN_SEGMENT) continue;
    // Never split a surrogate pair (an emoji or a rare CJK character).
    const next = text.charCodeAt(at);
    if (next >= 0xdc00 && next <= 0xdfff) continue;
    if (mix(h) % MODULUS === 0) {
      cuts.push(at);
      last = at;
      if (done(at)) return;
    }
  }
}

/**
 * Identities (React keys) for the segments of `after`, carried over from those of `before`
 * (`ids`, one per segment): the segments before the edit and those after it keep theirs, a
 * segment the edit changed keeps the identity of the one it came from, and only a segment a
 * new boundary made gets a `fresh` one. Keyed by position instead, a keystroke that moves a
 * boundary would give every later segment the next one's text: all the spans after the caret
 * rewritten, and the whole paragraph laid out again (7-10 ms on 19,900 characters).
 */
export function carrySegmentIds(
  before: Segmentation,
  ids: readonly number[],
  after: Segmentation,
  fresh: () => number,
): number[] {
  const old = before.cuts;
  const cuts = after.cuts;
  const m = old.length;
  const n = cuts.length;
  const delta = after.text.length - before.text.length;
  // Boundaries kept before the edit, then those kept after it (shifted by the edit's length).
  let lead = 0;
  while (lead < m && lead < n && old[lead] === cuts[lead]) lead++;
  let tail = 0;
  while (tail < m - lead && tail < n - lead && old[m - 1 - tail]! + delta === cuts[n - 1 - tail])
    tail++;
  const out: number[] = [];
  for (let i = 0; i < lead; i++) out.push(ids[i]!);
  // The segments between (the edited one, and any a new boundary made).
  for (let i = lead; i <= n - tail; i++) out.push(i <= m - tail ? ids[i]! : fresh());
  for (let i = m - tail + 1; i <= m; i++) out.push(ids[i]!);
  return out;
}

/** The paragraph's text cut at its segment boundaries. */
export function splitSegments(text: string): string[] {
  return segmentsOf(segment(text));
}

/** The texts of a segmentation's segments. */
export function segmentsOf({ text, cuts }: Segmentation): string[] {
  if (!cuts.length) return [text];
  const out: string[] = [];
  let start = 0;
  for (const end of [...cuts, text.length]) {
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
