import { Range } from 'slate';
import { defaultScrollSelectionIntoView, type ReactEditor } from 'slate-react';

/**
 * Slate scrolls the caret into view after every change; its default walks each scrolling
 * ancestor (reading its computed style) even when the caret is plainly on screen, as it is
 * for nearly every keystroke. A collapsed caret inside the viewport needs no scroll; anything
 * else (off screen, a selection, a line break without a box) goes to Slate's default.
 */
export function scrollSelectionIntoView(editor: ReactEditor, domRange: globalThis.Range) {
  if (editor.selection && Range.isCollapsed(editor.selection)) {
    const rect = domRange.getBoundingClientRect();
    const hasBox = rect.width > 0 || rect.height > 0 || rect.x !== 0 || rect.y !== 0;
    if (hasBox && rect.top >= 0 && rect.bottom <= window.innerHeight) return;
  }
  defaultScrollSelectionIntoView(editor, domRange);
}
