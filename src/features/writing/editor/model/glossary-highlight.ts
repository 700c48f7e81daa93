import { findTerms, type GlossaryTerm } from './glossary';

/**
 * Glossary highlighting painted with the CSS Custom Highlight API instead of Slate
 * decorations: decorations split a text into one leaf per match and re-render them on every
 * keystroke (Slate's split is O(matches × leaves)), which made typing in a long paragraph
 * slow. Highlights are plain DOM ranges over the rendered text, painted by `::highlight()`,
 * rebuilt when typing pauses; live ranges follow native typing in between.
 */

export interface PaintedTerm {
  range: Range;
  term: GlossaryTerm;
}

/**
 * Ranges over the text under `root` where a term occurs. Terms are found per paragraph, over
 * the text of all its text nodes together (a long paragraph renders as several, see
 * segments.ts), so a range may start in one node and end in the next.
 */
export function collectTermRanges(root: Node, terms: readonly GlossaryTerm[]): PaintedTerm[] {
  if (!terms.length) return [];
  const doc = root.ownerDocument ?? document;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out: PaintedTerm[] = [];
  let block: Element | null = null;
  let nodes: Text[] = [];
  const flush = () => {
    if (nodes.length) for (const p of termsIn(doc, nodes, terms)) out.push(p);
    nodes = [];
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = blockOf(node) ?? node.parentElement;
    if (owner !== block) {
      flush();
      block = owner;
    }
    nodes.push(node as Text);
  }
  flush();
  return out;
}

function termsIn(doc: Document, nodes: Text[], terms: readonly GlossaryTerm[]): PaintedTerm[] {
  const texts = nodes.map((n) => n.data);
  const text = texts.join('');
  if (!text.trim()) return [];
  // starts[i]: offset of nodes[i] in the paragraph's text.
  const starts: number[] = [];
  let at = 0;
  for (const t of texts) {
    starts.push(at);
    at += t.length;
  }
  /** The node and offset of a paragraph offset; an end offset stays in the node it ends. */
  const locate = (offset: number, isEnd: boolean): [Text, number] => {
    let i = 0;
    while (i < nodes.length - 1 && (isEnd ? offset > starts[i + 1]! : offset >= starts[i + 1]!))
      i++;
    return [nodes[i]!, offset - starts[i]!];
  };
  return findTerms(text, terms).map((m) => {
    const range = doc.createRange();
    range.setStart(...locate(m.start, false));
    range.setEnd(...locate(m.end, true));
    return { range, term: m.term };
  });
}

/** The part of the window a caller paints in, in client coordinates. */
export interface ScreenBand {
  top: number;
  bottom: number;
}

/**
 * The terms on screen (between `band.top` and `band.bottom`), the only ones worth painting.
 * Chromium rebuilds the markers of every registered highlight range after each DOM change,
 * that is after every keystroke, and repaints each text node that carries one: with the ~120
 * names of a 20,000-character chapter that is about 1 ms a frame, with the dozen on screen
 * next to nothing.
 *
 * `painted` is in document order (as `collectTermRanges` gives it), so the terms on screen
 * are one run of it: a binary search finds its start and only the run is measured after that
 * (measuring a range in a long paragraph costs ~20 µs; all 120 took ~2 ms a scrolled frame).
 * Where ranges cannot be measured (no layout, as in jsdom) every term counts as shown.
 *
 * A paragraph inside content the browser skips while off screen (`content-visibility: auto`)
 * is placed by its skipping box instead (measuring inside would lay it out). When that box is
 * on screen, as right after a scroll brought it into view, the browser lays its content out
 * in a coming frame: `unsettled` says so, and the caller asks again then.
 */
export function onScreen(
  painted: readonly PaintedTerm[],
  band: ScreenBand,
): { shown: PaintedTerm[]; unsettled: boolean } {
  const side = (box: { top: number; bottom: number }) =>
    box.bottom < band.top ? -1 : box.top > band.bottom ? 1 : 0;
  const skipBoxes = new Map<Element, Element | null>();
  const boxSides = new Map<Element, number>();
  const placed = new Map<number, { side: number; skipped: boolean }>();
  /** Where term `i` lies: above the band (-1), in it (0) or below (1); skipped or not. */
  const place = (i: number) => {
    let at = placed.get(i);
    if (!at) placed.set(i, (at = measure(i)));
    return at;
  };
  const measure = (i: number): { side: number; skipped: boolean } => {
    const { range } = painted[i]!;
    const block = blockOf(range.startContainer);
    if (block) {
      let box = skipBoxes.get(block);
      if (box === undefined) {
        box =
          block.checkVisibility?.({ contentVisibilityAuto: true }) === false
            ? skippingBox(block)
            : null;
        skipBoxes.set(block, box);
      }
      if (box) {
        let s = boxSides.get(box);
        if (s === undefined) boxSides.set(box, (s = side(box.getBoundingClientRect())));
        return { side: s, skipped: true };
      }
    }
    if (typeof range.getBoundingClientRect !== 'function') return { side: 0, skipped: false };
    return { side: side(range.getBoundingClientRect()), skipped: false };
  };
  let lo = 0;
  let hi = painted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (place(mid).side < 0) lo = mid + 1;
    else hi = mid;
  }
  const shown: PaintedTerm[] = [];
  let unsettled = false;
  for (let i = lo; i < painted.length; i++) {
    const at = place(i);
    if (at.side > 0) break;
    if (at.skipped) unsettled = true;
    else shown.push(painted[i]!);
  }
  return { shown, unsettled };
}

/** The nearest ancestor of a skipped element that is itself rendered: the skipping box. */
function skippingBox(el: Element): Element {
  let box = el;
  while (box.parentElement && box.checkVisibility?.({ contentVisibilityAuto: true }) === false)
    box = box.parentElement;
  return box;
}

/** The paragraph a text node belongs to (a Slate element, or a plain `p`). */
export function blockOf(node: Node): Element | null {
  const el = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  return el?.closest('[data-slate-node="element"], p') ?? null;
}

/** The term under a text position (what hovering shows), or null. */
export function termAt(painted: readonly PaintedTerm[], node: Node, offset: number) {
  for (const p of painted) {
    const r = p.range;
    const atEnd = node === r.endContainer && offset === r.endOffset;
    if (!atEnd && r.isPointInRange(node, offset)) return p;
  }
  return null;
}

type HighlightRegistry = { set(name: string, h: unknown): void; delete(name: string): void };
/** The part of `Highlight` (a set of ranges) the editor uses. */
export interface PaintedHighlight {
  delete(range: Range): boolean;
}
type HighlightCtor = new (...ranges: Range[]) => PaintedHighlight;

/** Paints the two highlights; null (nothing painted) where the API is missing. */
export function paintHighlights(
  painted: readonly PaintedTerm[],
  names = HIGHLIGHT_NAMES,
): PaintedHighlight[] | null {
  const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)
    ?.highlights;
  const Highlight = (globalThis as unknown as { Highlight?: HighlightCtor }).Highlight;
  if (!registry || !Highlight) return null;
  const entries = painted.filter((p) => p.term.kind === 'entry').map((p) => p.range);
  const forbidden = painted.filter((p) => p.term.kind === 'forbidden').map((p) => p.range);
  const highlights = [new Highlight(...entries), new Highlight(...forbidden)];
  registry.set(names.entry, highlights[0]);
  registry.set(names.forbidden, highlights[1]);
  return highlights;
}

export function clearHighlights(names = HIGHLIGHT_NAMES) {
  const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)
    ?.highlights;
  registry?.delete(names.entry);
  registry?.delete(names.forbidden);
}

export const HIGHLIGHT_NAMES = { entry: 'glossary-entry', forbidden: 'glossary-forbidden' };
