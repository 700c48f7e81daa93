import { Editor, Node, Range, Transforms, type Descendant, type RangeRef } from 'slate';
import type { ParagraphElement } from './slate-types';

/**
 * The chapter body as plain text (paragraphs joined by a newline, as the server stores it)
 * and the editor transforms the screen uses: the 20,000-character limit (spec 1 §5, §9),
 * plain-text paste, inserting a card at the caret and taking it back, replacing a selection.
 */

export const CHAPTER_LIMIT = 20_000;

export function textToValue(text: string): ParagraphElement[] {
  return text.split('\n').map((line) => ({ type: 'paragraph', children: [{ text: line }] }));
}

export function valueToText(value: readonly Descendant[]): string {
  return value.map((n) => Node.string(n)).join('\n');
}

/**
 * Each paragraph's length, by node: Slate replaces the node of a paragraph that changes, so a
 * keystroke measures one paragraph again instead of the whole chapter (the limit is checked
 * on every keystroke).
 */
const blockLengths = new WeakMap<Descendant, number>();

function blockLength(block: Descendant): number {
  let length = blockLengths.get(block);
  if (length === undefined) {
    length = Node.string(block).length;
    blockLengths.set(block, length);
  }
  return length;
}

/** Characters the saved body will have (newlines between paragraphs count). */
export function documentLength(editor: Editor): number {
  let total = Math.max(0, editor.children.length - 1);
  for (const block of editor.children) total += blockLength(block);
  return total;
}

function selectedLength(editor: Editor): number {
  const { selection } = editor;
  if (!selection || Range.isCollapsed(selection)) return 0;
  return valueToText(Editor.fragment(editor, selection)).length;
}

export type LimitRefusal = { kind: 'typing' } | { kind: 'paste'; total: number };

/**
 * Keeps the body within the limit: typing at the limit is blocked, and a paste that would go
 * over is refused whole (a cut in mid-sentence would lose text silently; the clipboard keeps
 * it). Pasting always inserts plain text, so the model stays paragraphs of text.
 */
export function withChapterRules(editor: Editor, onRefused: (r: LimitRefusal) => void): Editor {
  const { insertText, insertBreak } = editor;
  const fits = (adding: number) =>
    documentLength(editor) - selectedLength(editor) + adding <= CHAPTER_LIMIT;

  editor.insertText = (text, options) => {
    if (!fits(text.length)) return onRefused({ kind: 'typing' });
    insertText(text, options);
  };
  editor.insertBreak = () => {
    if (!fits(1)) return onRefused({ kind: 'typing' });
    insertBreak();
  };
  editor.insertSoftBreak = () => editor.insertBreak();
  editor.insertData = (data) => {
    const text = data.getData('text/plain').replace(/\r\n?/g, '\n');
    if (!text) return;
    if (!fits(text.length)) {
      onRefused({
        kind: 'paste',
        total: documentLength(editor) - selectedLength(editor) + text.length,
      });
      return;
    }
    insertPlainText(editor, text);
  };
  return editor;
}

/** Inserts text (which may hold newlines) at the selection, replacing what is selected. */
export function insertPlainText(editor: Editor, text: string) {
  const lines = text.split('\n');
  Editor.withoutNormalizing(editor, () => {
    if (editor.selection && Range.isExpanded(editor.selection)) Transforms.delete(editor);
    lines.forEach((line, i) => {
      if (i > 0) Transforms.splitNodes(editor, { always: true });
      if (line) Transforms.insertText(editor, line);
    });
  });
}

/** The caret, or the end of the body when the editor never had one. */
function caret(editor: Editor) {
  return editor.selection ?? Editor.end(editor, []);
}

/** Whether `text` can be added without passing the limit. */
export function canAdd(editor: Editor, text: string): boolean {
  return documentLength(editor) - selectedLength(editor) + text.length <= CHAPTER_LIMIT;
}

/**
 * Inserts a card at the caret and returns a range that follows the inserted text through
 * later edits (so undo removes exactly it), or null when it would pass the limit.
 */
export function insertTracked(editor: Editor, text: string): RangeRef | null {
  if (!editor.selection) Transforms.select(editor, caret(editor));
  if (!canAdd(editor, text)) return null;
  const selection = editor.selection;
  if (!selection) return null;
  const start = Editor.pointRef(editor, Range.start(selection), { affinity: 'backward' });
  insertPlainText(editor, text);
  const end = editor.selection ? Range.end(editor.selection) : Editor.end(editor, []);
  const from = start.unref() ?? end;
  return Editor.rangeRef(editor, { anchor: from, focus: end }, { affinity: 'inward' });
}

/** Removes a tracked insertion if it is still intact; false when it was edited since. */
export function removeTracked(editor: Editor, ref: RangeRef, text: string): boolean {
  const range = ref.current;
  if (!range || valueToText(Editor.fragment(editor, range)) !== text) return false;
  Transforms.delete(editor, { at: range });
  Transforms.select(editor, Range.start(ref.current ?? range));
  return true;
}

/** Puts an undone insertion back where it was, returning its new tracking range. */
export function reinsertTracked(editor: Editor, ref: RangeRef, text: string): RangeRef | null {
  const at = ref.current;
  if (at) Transforms.select(editor, Range.start(at));
  ref.unref();
  return insertTracked(editor, text);
}

/** The text of the current selection with its paragraph breaks, '' when collapsed. */
export function selectedText(editor: Editor): string {
  const { selection } = editor;
  if (!selection || Range.isCollapsed(selection)) return '';
  return valueToText(Editor.fragment(editor, selection));
}

/** Everything before the caret (what a continuation continues). */
export function textBeforeCaret(editor: Editor): string {
  const point = editor.selection ? Range.start(editor.selection) : Editor.end(editor, []);
  return valueToText(Editor.fragment(editor, { anchor: Editor.start(editor, []), focus: point }));
}

/** Replaces `range` with `text` (the lab's accepted result); false when it would pass the limit. */
export function replaceRange(editor: Editor, range: Range, text: string): boolean {
  const removed = valueToText(Editor.fragment(editor, range)).length;
  if (documentLength(editor) - removed + text.length > CHAPTER_LIMIT) return false;
  Transforms.select(editor, range);
  insertPlainText(editor, text);
  return true;
}

/** Replaces the whole body (a restored draft) without going through the limit rules. */
export function resetBody(editor: Editor, text: string) {
  Editor.withoutNormalizing(editor, () => {
    for (let i = editor.children.length - 1; i >= 0; i--)
      Transforms.removeNodes(editor, { at: [i] });
    Transforms.insertNodes(editor, textToValue(text), { at: [0] });
  });
  Transforms.select(editor, Editor.end(editor, []));
}
