import { memo } from 'react';
import type { Descendant, Editor } from 'slate';
import { Editable, Slate, type RenderChunkProps, type RenderElementProps } from 'slate-react';
import { scrollSelectionIntoView } from '../model/scroll-caret';
// The three patches of Slate and React the typing budget still needs, each measured and
// tested against the versions it was verified with (platform/README.md).
import { installLeafPoints } from '../platform/leaf-points';
import { renderSegmentedLeaf } from '../platform/segmented-leaf';
import { withoutReactSelectionCapture } from '../platform/selection-capture';

installLeafPoints();

const renderElement = ({ attributes, children }: RenderElementProps) => (
  <p {...attributes}>{children}</p>
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
        ref={withoutReactSelectionCapture}
        className="chapter-workspace__body prose"
        aria-label={props.label}
        aria-multiline="true"
        placeholder={props.placeholder}
        renderElement={renderElement}
        renderChunk={renderChunk}
        renderLeaf={renderSegmentedLeaf}
        scrollSelectionIntoView={scrollSelectionIntoView}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        spellCheck={false}
      />
    </Slate>
  );
});
