import { forwardRef, memo, useLayoutEffect, useRef, useState } from 'react';
import type { Descendant, Editor } from 'slate';
import {
  Editable,
  Slate,
  type RenderChunkProps,
  type RenderElementProps,
  type RenderLeafProps,
} from 'slate-react';
import { SEGMENT_FROM, splitSegments } from '../model/segments';

const renderElement = ({ attributes, children }: RenderElementProps) => (
  <p {...attributes}>{children}</p>
);

/**
 * The text of a long paragraph as one string span per segment (see segments.ts), so the
 * browser's own insertion of a typed character touches a short text node. Shorter texts
 * render as Slate renders them.
 */
const renderLeaf = ({ attributes, children, leaf }: RenderLeafProps) => (
  <span {...attributes}>
    {leaf.text.length > SEGMENT_FROM
      ? splitSegments(leaf.text).map((text, i) => <SegmentString key={i} text={text} />)
      : children}
  </span>
);

/**
 * One segment's text, written the way Slate writes its strings: React renders the first text
 * once and never again, and a later text is set only when the DOM does not already show it.
 * After the browser inserted a typed character itself, the DOM is already right, and
 * rewriting the node would drop the caret and an IME composition.
 *
 * Not memoised: every segment of a re-rendered leaf checks its DOM. At a cut the browser may
 * put the character at the end of the segment before it, whose own text did not change; the
 * check takes it out there while the next segment shows it (Slate then puts the caret back).
 */
function SegmentString({ text }: { text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [initial] = useState(text);
  useLayoutEffect(() => {
    if (ref.current && ref.current.textContent !== text) ref.current.textContent = text;
  });
  return <FirstText ref={ref}>{initial}</FirstText>;
}

const FirstText = memo(
  forwardRef<HTMLSpanElement, { children: string }>(function FirstText({ children }, ref) {
    return (
      <span data-slate-string="true" ref={ref}>
        {children}
      </span>
    );
  }),
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
        className="chapter-workspace__body prose"
        aria-label={props.label}
        aria-multiline="true"
        placeholder={props.placeholder}
        renderElement={renderElement}
        renderChunk={renderChunk}
        renderLeaf={renderLeaf}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        spellCheck={false}
      />
    </Slate>
  );
});
