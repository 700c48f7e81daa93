import type { Editor, Point } from 'slate';
import { ReactEditor } from 'slate-react';

/** A string span whose DOM text is exactly its text (not a trailing newline or zero width). */
const isPlainString = (el: Element) =>
  el.hasAttribute('data-slate-string') &&
  !el.hasAttribute('data-slate-trailing') &&
  !el.hasAttribute('data-slate-length');

/*
 * Platform patch (README.md in this folder): replaces `ReactEditor.toSlatePoint` for the page.
 * platform.test.tsx checks that Slate still calls it through that shared object, with the
 * same signature, and that the replacement answers as Slate's own code does.
 */

/**
 * Where a DOM point inside a leaf of string spans falls in its Slate text: the text's element
 * and the offset, counted from the lengths of the string spans (and text nodes) before the
 * point. A long paragraph's leaf holds one span per segment (segmented-leaf.tsx), any other leaf
 * one span.
 *
 * Slate's own `toSlatePoint` clones the DOM from the start of the text to the point and counts
 * the clone's characters. In a 20,000-character paragraph that clone is as long as the text
 * before the caret, and Slate maps the caret three or four times per keystroke (before the
 * input, after the render, on `selectionchange`). This walks the few spans instead and gives
 * the same offset (leaf-points.test.ts compares the two).
 *
 * Anything but that plain shape (one leaf in the text, plain string spans in the leaf, text
 * nodes in the spans) gives null, and Slate's own mapping is used: placeholders, zero-width
 * and trailing-newline strings, decorated texts with several leaves, points on elements.
 */
export function leafPoint(
  node: Node,
  offset: number,
): { text: HTMLElement; offset: number } | null {
  if (node.nodeType !== Node.TEXT_NODE) return null;
  const string = node.parentElement;
  if (!string || !isPlainString(string)) return null;
  const leaf = string.parentElement;
  if (!leaf?.hasAttribute('data-slate-leaf')) return null;
  const text = leaf.parentElement;
  if (text?.getAttribute('data-slate-node') !== 'text' || text.childNodes.length !== 1) return null;
  let before = offset;
  for (let n = node.previousSibling; n; n = n.previousSibling) {
    if (n.nodeType !== Node.TEXT_NODE) return null;
    before += n.nodeValue?.length ?? 0;
  }
  for (let s = string.previousSibling; s; s = s.previousSibling) {
    if (!(s instanceof HTMLElement) || !isPlainString(s)) return null;
    before += s.textContent?.length ?? 0;
  }
  return { text, offset: before };
}

type ToSlatePoint = typeof ReactEditor.toSlatePoint;
let installed = false;
/** Slate's own mapping, as it was before `installLeafPoints` (what the replacement falls back to). */
export let slateToSlatePoint: ToSlatePoint = ReactEditor.toSlatePoint;

/**
 * Routes Slate's DOM-to-model point mapping through `leafPoint` (every point it cannot map
 * goes to Slate's own code). Slate calls the mapping through the shared `ReactEditor`
 * object, so this is set once for the page; calling it again does nothing.
 */
export function installLeafPoints() {
  if (installed) return;
  installed = true;
  const slate = ReactEditor.toSlatePoint;
  slateToSlatePoint = slate;
  const toSlatePoint = (
    editor: Editor,
    domPoint: [Node, number],
    options: {
      exactMatch: boolean;
      suppressThrow: boolean;
      searchDirection?: 'forward' | 'backward';
    },
  ): Point | null => {
    const hit = leafPoint(domPoint[0], domPoint[1]);
    if (!hit) return slate(editor, domPoint, options);
    try {
      const node = ReactEditor.toSlateNode(editor, hit.text);
      return { path: ReactEditor.findPath(editor, node), offset: hit.offset };
    } catch (error) {
      if (options.suppressThrow) return null;
      throw error;
    }
  };
  ReactEditor.toSlatePoint = toSlatePoint as ToSlatePoint;
}
