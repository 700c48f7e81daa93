import { memo, useLayoutEffect, useRef } from 'react';
import type { RenderLeafProps } from 'slate-react';
import {
  carrySegmentIds,
  segment,
  SEGMENT_FROM,
  segmentsOf,
  type Segmentation,
} from '../model/segments';

/**
 * Platform patch (README.md in this folder): a long paragraph's single Slate leaf
 * rendered as one `[data-slate-string]` span per segment (model/segments.ts), so the
 * browser's own insertion of a typed character reshapes a short text node instead of the
 * whole paragraph.
 *
 * It relies on two things slate-react does not document (platform.test.ts checks both on a
 * real editor): Slate maps DOM points to text offsets across every string span of a leaf
 * (slate-dom `toSlatePoint`/`toDOMPoint`), and a leaf's string spans are written the way
 * slate-react's own `TextString` writes its one span: React renders a span's first text
 * once, and after each render the spans whose DOM does not show their segment get their
 * text set. After the browser inserted a typed character itself the DOM is already right,
 * and rewriting the node would drop the caret and an IME composition. The pass looks at
 * every span, not only the changed segment: at a cut the browser may put the character at
 * the end of the segment before it, whose own text did not change.
 *
 * Slate's public way to split a leaf (`decorate`, one decoration per segment) was measured
 * instead: it re-renders every leaf of the paragraph on each key (`MemoizedLeaf` compares
 * the text node, which a keystroke replaces) and compares every decoration range, about
 * 2-3 ms of script a key on the 19,900-character paragraph (see docs/performance.md).
 */
export const renderSegmentedLeaf = ({ attributes, children, leaf }: RenderLeafProps) =>
  leaf.text.length > SEGMENT_FROM ? (
    <SegmentedLeaf attributes={attributes} text={leaf.text} />
  ) : (
    <span {...attributes}>{children}</span>
  );

function SegmentedLeaf({
  attributes,
  text,
}: {
  attributes: RenderLeafProps['attributes'];
  text: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  // The last segmentation, so a keystroke rescans only the stretch around it, and its
  // segments' keys, carried over so that a moved boundary adds or drops one span instead of
  // shifting every later span's text. A cache: a render that React throws away leaves a
  // segmentation that is still right for its text (and keys that are still unique).
  const last = useRef<{ segmentation: Segmentation; ids: number[] } | null>(null);
  const nextId = useRef(0);
  const fresh = () => nextId.current++;
  const segmentation = segment(text, last.current?.segmentation);
  const ids = last.current
    ? carrySegmentIds(last.current.segmentation, last.current.ids, segmentation, fresh)
    : Array.from({ length: segmentation.cuts.length + 1 }, fresh);
  last.current = { segmentation, ids };
  const parts = segmentsOf(segmentation);
  useLayoutEffect(() => {
    const spans = ref.current?.children;
    if (!spans) return;
    parts.forEach((part, i) => {
      const span = spans[i];
      if (span && shownText(span) !== part) span.textContent = part;
    });
  });
  return (
    <span {...attributes} ref={ref}>
      {parts.map((part, i) => (
        <Segment key={ids[i]} first={part} />
      ))}
    </span>
  );
}

/**
 * A span's text as the DOM holds it. Its one text node's `data` where it has one: the
 * browser hands back the string it already gave out for an unchanged node, where
 * `textContent` builds a new one for each of the ~66 spans of a long paragraph on every key.
 */
function shownText(span: Element): string | null {
  const node = span.firstChild;
  return node instanceof Text && node === span.lastChild ? node.data : span.textContent;
}

/** A segment's span: its first text only (memo compares nothing that changes). */
const Segment = memo(
  function Segment({ first }: { first: string }) {
    return <span data-slate-string="true">{first}</span>;
  },
  () => true,
);
