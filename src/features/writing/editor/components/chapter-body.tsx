import { memo, useLayoutEffect, useRef } from 'react';
import type { Descendant, Editor } from 'slate';
import {
  Editable,
  Slate,
  type RenderChunkProps,
  type RenderElementProps,
  type RenderLeafProps,
} from 'slate-react';
import { scrollSelectionIntoView } from '../model/scroll-caret';
import { installLeafPoints } from '../model/leaf-points';
import { segment, SEGMENT_FROM, segmentsOf, type Segmentation } from '../model/segments';

const renderElement = ({ attributes, children }: RenderElementProps) => (
  <p {...attributes}>{children}</p>
);

/**
 * The text of a long paragraph as one string span per segment (see segments.ts), so the
 * browser's own insertion of a typed character touches a short text node. Shorter texts
 * render as Slate renders them.
 */
const renderLeaf = ({ attributes, children, leaf }: RenderLeafProps) =>
  leaf.text.length > SEGMENT_FROM ? (
    <SegmentedLeaf attributes={attributes} text={leaf.text} />
  ) : (
    <span {...attributes}>{children}</span>
  );

// Slate maps caret positions in leaves by their string spans (leaf-points.ts).
installLeafPoints();

/**
 * A long leaf's segments, written the way Slate writes its strings: React renders each span's
 * first text once and never again (`Segment`), and after each render one pass sets the text
 * of the spans whose DOM does not show their segment. After the browser inserted a typed
 * character itself the DOM is already right, and rewriting the node would drop the caret and
 * an IME composition. The pass looks at every span, not only the changed segment: at a cut
 * the browser may put the character at the end of the segment before it, whose own text did
 * not change; the pass takes it out there (Slate then puts the caret back).
 */
function SegmentedLeaf({
  attributes,
  text,
}: {
  attributes: RenderLeafProps['attributes'];
  text: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  // The last segmentation, so a keystroke rescans only the stretch around it. A cache: a
  // render that React throws away leaves a segmentation that is still right for its text.
  const last = useRef<Segmentation | null>(null);
  const segmentation = segment(text, last.current);
  last.current = segmentation;
  const parts = segmentsOf(segmentation);
  useLayoutEffect(() => {
    const spans = ref.current?.children;
    if (!spans) return;
    parts.forEach((part, i) => {
      const span = spans[i];
      if (span && span.textContent !== part) span.textContent = part;
    });
  });
  return (
    <span {...attributes} ref={ref}>
      {parts.map((part, i) => (
        <Segment key={i} first={part} />
      ))}
    </span>
  );
}

/** A segment's span: its first text only (memo compares nothing that changes). */
const Segment = memo(
  function Segment({ first }: { first: string }) {
    return <span data-slate-string="true">{first}</span>;
  },
  () => true,
);

/**
 * Slate's chunking (chunk size set on the editor): paragraphs render in nested chunks, so a
 * keystroke re-renders one chunk of a 500-paragraph chapter instead of checking every
 * paragraph; the lowest chunks skip layout and paint while off screen (`content-visibility`,
 * editor.css).
 */
const renderChunk = ({ attributes, children, lowest }: RenderChunkProps) => (
  <div {...attributes} className={lowest ? 'chapter-chunk' : undefined}>
    {children}
  </div>
);

/**
 * Before every commit anywhere in the app, React reads the selection of the focused element
 * when that element is contenteditable, to restore it should the commit move the element; it
 * walks the DOM from the element's start to the caret to do so. In a 500-paragraph chapter
 * that is about 0.5 ms per keystroke, and again per streamed piece of a continuation. The
 * editor root never moves, and Slate restores its own selection, so React is shown no
 * selection to keep: it checks `contentEditable === 'true'`, and this element's own
 * `contentEditable` property answers 'inherit'. The attribute is untouched: the browser,
 * Slate (`isContentEditable`) and assistive technology see an editable element as before.
 */
function withoutReactSelectionCapture(el: HTMLDivElement | null) {
  if (el && !Object.prototype.hasOwnProperty.call(el, 'contentEditable'))
    Object.defineProperty(el, 'contentEditable', { configurable: true, get: () => 'inherit' });
}

export interface ChapterBodyProps {
  editor: Editor;
  initialValue: Descendant[];
  label: string;
  placeholder: string;
  onValueChange: () => void;
  onSelectionChange: () => void;
  onFocus: () => void;
  onBlur: () => void;
}

/**
 * The Slate body, memoised: the screen around it re-renders for every streamed piece of a
 * continuation, a selection or a save status, and none of that may re-render the editor
 * (typing during a stream measured 3.3x a bare contenteditable before). Callers pass stable
 * callbacks; Slate itself still re-renders what a keystroke changes.
 */
export const ChapterBody = memo(function ChapterBody(props: ChapterBodyProps) {
  return (
    <Slate
      editor={props.editor}
      initialValue={props.initialValue}
      onValueChange={props.onValueChange}
      onSelectionChange={props.onSelectionChange}
    >
      <Editable
        ref={withoutReactSelectionCapture}
        className="chapter-workspace__body prose"
        aria-label={props.label}
        aria-multiline="true"
        placeholder={props.placeholder}
        renderElement={renderElement}
        renderChunk={renderChunk}
        renderLeaf={renderLeaf}
        scrollSelectionIntoView={scrollSelectionIntoView}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        spellCheck={false}
      />
    </Slate>
  );
});
