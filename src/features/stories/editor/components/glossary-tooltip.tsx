import { useEffect, useRef, useState } from 'react';
import type { Editor } from 'slate';
import { ReactEditor } from 'slate-react';
import type { GlossaryTerm } from '../model/glossary';
import {
  clearHighlights,
  collectTermRanges,
  paintHighlights,
  termAt,
  type PaintedHighlight,
  type PaintedTerm,
} from '../model/glossary-highlight';
import type { ChangeSignal } from './chapter-counts';

/** Repainted this long after typing pauses; live ranges follow the text in between. */
export const REPAINT_DELAY_MS = 300;

type CaretDocument = Document & {
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
};

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as CaretDocument;
  const pos = doc.caretPositionFromPoint?.(x, y);
  if (pos) return { node: pos.offsetNode, offset: pos.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * Paints the bound world's glossary names and forbidden words in the body, and shows the
 * entry when the pointer rests on one. Owns its state, so hovering never re-renders the editor.
 */
export function GlossaryTooltip(props: {
  editor: Editor;
  terms: readonly GlossaryTerm[];
  changes: ChangeSignal;
}) {
  const { editor, terms, changes } = props;
  const painted = useRef<PaintedTerm[]>([]);
  const [tip, setTip] = useState<{ detail: string; x: number; y: number } | null>(null);

  useEffect(() => {
    let root: HTMLElement;
    try {
      root = ReactEditor.toDOMNode(editor, editor);
    } catch {
      return;
    }
    let timer: number | undefined;
    let highlights: PaintedHighlight[] | null = null;
    let paused = false;
    const repaint = () => {
      paused = false;
      painted.current = collectTermRanges(root, terms);
      highlights = paintHighlights(painted.current);
    };
    // While typing, the paragraph being typed in is not highlighted (like spelling marks):
    // repainting highlights inside a long text on every keystroke costs visible latency.
    const pauseCaretParagraph = () => {
      if (paused || !highlights || !editor.selection) return;
      paused = true;
      let node: Node;
      try {
        [node] = ReactEditor.toDOMPoint(editor, editor.selection.anchor);
      } catch {
        return;
      }
      for (const p of painted.current)
        if (p.range.startContainer === node) for (const h of highlights) h.delete(p.range);
    };
    const frame = requestAnimationFrame(repaint);
    const unsubscribe = changes.subscribe(() => {
      pauseCaretParagraph();
      window.clearTimeout(timer);
      timer = window.setTimeout(repaint, REPAINT_DELAY_MS);
    });
    const onMove = (e: MouseEvent) => {
      const pos = caretAt(e.clientX, e.clientY);
      const hit = pos ? termAt(painted.current, pos.node, pos.offset) : null;
      setTip((prev) =>
        hit
          ? prev?.detail === hit.term.detail
            ? prev
            : { detail: hit.term.detail, x: e.clientX, y: e.clientY }
          : null,
      );
    };
    const onLeave = () => setTip(null);
    root.addEventListener('mousemove', onMove);
    root.addEventListener('mouseleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      unsubscribe();
      root.removeEventListener('mousemove', onMove);
      root.removeEventListener('mouseleave', onLeave);
      clearHighlights();
      painted.current = [];
    };
  }, [editor, terms, changes]);

  return tip ? (
    <div role="tooltip" className="glossary-tip" style={{ left: tip.x + 12, top: tip.y + 16 }}>
      {tip.detail}
    </div>
  ) : null;
}
