import { Node, Range, type Editor } from 'slate';

/**
 * Whether only blank text comes before the caret (a continuation there is the free opening
 * card). Walks from the start and stops at the first non-blank paragraph, so it stays cheap
 * on a 20,000-character chapter.
 */
export function isBlankBeforeCaret(editor: Editor): boolean {
  const point = editor.selection ? Range.start(editor.selection) : null;
  const last = point ? (point.path[0] ?? 0) : editor.children.length - 1;
  for (let i = 0; i <= last; i++) {
    const block = editor.children[i];
    if (!block) break;
    const text = Node.string(block);
    const upTo = point && i === last ? text.slice(0, point.offset) : text;
    if (upTo.trim()) return false;
  }
  return true;
}
