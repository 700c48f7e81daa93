import { findTerms, type GlossaryTerm, type TermMatch } from './glossary';

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

/** Ranges over every text node under `root` where a term occurs (one text node at a time). */
export function collectTermRanges(root: Node, terms: readonly GlossaryTerm[]): PaintedTerm[] {
  if (!terms.length) return [];
  const doc = root.ownerDocument ?? document;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out: PaintedTerm[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (!text.trim()) continue;
    for (const m of findTerms(text, terms))
      out.push({ range: rangeOf(doc, node, m), term: m.term });
  }
  return out;
}

function rangeOf(doc: Document, node: Node, m: TermMatch): Range {
  const range = doc.createRange();
  range.setStart(node, m.start);
  range.setEnd(node, m.end);
  return range;
}

/** The term under a text position (what hovering shows), or null. */
export function termAt(painted: readonly PaintedTerm[], node: Node, offset: number) {
  for (const p of painted) {
    const r = p.range;
    if (r.startContainer === node && r.startOffset <= offset && offset < r.endOffset) return p;
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
