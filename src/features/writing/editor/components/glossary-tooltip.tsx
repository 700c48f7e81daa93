import { useEffect, useId, useRef, useState } from 'react';
import type { Editor } from 'slate';
import { ReactEditor } from 'slate-react';
import { clock, type TimerId } from '@/lib/clock';
import type { GlossaryTerm } from '../model/glossary';
import {
  blockOf,
  clearHighlights,
  collectTermRanges,
  onScreen,
  paintHighlights,
  termAt,
  type PaintedHighlight,
  type PaintedTerm,
} from '../model/glossary-highlight';
import type { ChangeSignal } from './chapter-counts';

/** Repainted this long after typing pauses; live ranges follow the text in between. */
export const REPAINT_DELAY_MS = 300;

/** Frames to wait for content a scroll brought into view to be laid out. */
const SETTLE_FRAMES = 10;

/** Caret moves that show the entry under the caret; typing keys never do (typing path). */
const CARET_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

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
 * entry when the pointer rests on one, a tap lands on one (touch screens have no hover) or the
 * caret is moved onto one. Owns its state, so hovering never re-renders the editor.
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
    let timer: TimerId | undefined;
    let highlights: PaintedHighlight[] | null = null;
    let paused = false;
    // Only the names on screen are painted (see onScreen); hovering and the caret still find
    // every name, from `painted`. Content that a scroll just brought into view is laid out in
    // a coming frame: painted then (a few frames at most).
    let settleFrame = 0;
    const paintShown = (tries = SETTLE_FRAMES) => {
      cancelAnimationFrame(settleFrame);
      settleFrame = 0;
      const { shown, unsettled } = onScreen(painted.current, { top: 0, bottom: innerHeight });
      highlights = paintHighlights(shown);
      if (unsettled && tries > 0)
        settleFrame = requestAnimationFrame(() => {
          if (!paused) paintShown(tries - 1);
        });
    };
    const repaint = () => {
      paused = false;
      painted.current = collectTermRanges(root, terms);
      paintShown();
    };
    // While typing, the paragraph being typed in is not highlighted (like spelling marks):
    // highlights inside the text that changes are rebuilt and repainted on every keystroke,
    // which costs visible latency in a long paragraph.
    const pauseCaretParagraph = () => {
      if (paused || !highlights || !editor.selection) return;
      paused = true;
      let block: Element | null;
      try {
        block = blockOf(ReactEditor.toDOMPoint(editor, editor.selection.anchor)[0]);
      } catch {
        return;
      }
      if (!block) return;
      for (const p of painted.current)
        if (p.range.intersectsNode(block)) for (const h of highlights) h.delete(p.range);
    };
    const frame = requestAnimationFrame(repaint);
    const unsubscribe = changes.subscribe(() => {
      pauseCaretParagraph();
      clock.clearTimeout(timer);
      timer = clock.setTimeout(repaint, REPAINT_DELAY_MS);
    });
    // Names scrolled (or resized) into view are painted in the next frame (not while typing
    // is paused: the repaint after the pause covers them).
    let scrollFrame = 0;
    const onViewportChange = () => {
      if (scrollFrame || paused) return;
      scrollFrame = requestAnimationFrame(() => {
        scrollFrame = 0;
        if (!paused) paintShown();
      });
    };
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
    // Keyboard users reach the entry too: moving the caret onto a name shows it; Esc hides it.
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return setTip(null);
      if (!CARET_KEYS.has(e.key)) return;
      const selection = window.getSelection();
      const hit =
        selection?.anchorNode && selection.isCollapsed
          ? termAt(painted.current, selection.anchorNode, selection.anchorOffset)
          : null;
      if (!hit || !selection) return setTip(null);
      const rect = selection.getRangeAt(0).getBoundingClientRect();
      setTip({ detail: hit.term.detail, x: rect.left, y: rect.top });
    };
    root.addEventListener('mousemove', onMove);
    // Touch screens have no hover: a tap on a name shows its entry, a tap elsewhere hides it.
    root.addEventListener('click', onMove);
    root.addEventListener('mouseleave', onLeave);
    root.addEventListener('keyup', onKeyUp);
    root.addEventListener('focusout', onLeave);
    window.addEventListener('scroll', onViewportChange, { passive: true });
    window.addEventListener('resize', onViewportChange);
    return () => {
      cancelAnimationFrame(frame);
      cancelAnimationFrame(scrollFrame);
      cancelAnimationFrame(settleFrame);
      window.removeEventListener('scroll', onViewportChange);
      window.removeEventListener('resize', onViewportChange);
      clock.clearTimeout(timer);
      unsubscribe();
      root.removeEventListener('mousemove', onMove);
      root.removeEventListener('click', onMove);
      root.removeEventListener('mouseleave', onLeave);
      root.removeEventListener('keyup', onKeyUp);
      root.removeEventListener('focusout', onLeave);
      clearHighlights();
      painted.current = [];
    };
  }, [editor, terms, changes]);

  // While shown, the tooltip describes the body, so a screen reader reads the entry.
  const tipId = useId();
  const shown = tip !== null;
  useEffect(() => {
    if (!shown) return;
    let root: HTMLElement;
    try {
      root = ReactEditor.toDOMNode(editor, editor);
    } catch {
      return;
    }
    root.setAttribute('aria-describedby', tipId);
    return () => root.removeAttribute('aria-describedby');
  }, [editor, shown, tipId]);

  return tip ? (
    <div
      id={tipId}
      role="tooltip"
      className="glossary-tip"
      style={{ left: tip.x + 12, top: tip.y + 16 }}
    >
      {tip.detail}
    </div>
  ) : null;
}
