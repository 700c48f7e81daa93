import { describe, expect, it, vi } from 'vitest';
import { createEditor, Editor, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import {
  CHAPTER_LIMIT,
  documentLength,
  insertTracked,
  reinsertTracked,
  removeTracked,
  replaceRange,
  resetBody,
  selectedText,
  textBeforeCaret,
  textToValue,
  valueToText,
  withChapterRules,
} from './chapter-text';
import './slate-types';

function editorWith(text: string) {
  const refused = vi.fn();
  const editor = withChapterRules(withHistory(createEditor()), refused);
  editor.children = textToValue(text);
  Transforms.select(editor, Editor.end(editor, []));
  return { editor, refused };
}

function paste(editor: Editor, text: string) {
  const data = { getData: (type: string) => (type === 'text/plain' ? text : '') } as DataTransfer;
  editor.insertData(data);
}

describe('chapter text (headless Slate)', () => {
  it('round-trips paragraphs through plain text', () => {
    const text = '第一段\n\n第三段 with English';
    expect(valueToText(textToValue(text))).toBe(text);
    expect(textToValue('')).toHaveLength(1);
  });

  it('keeps the length right through typing, deleting, splitting, merging and undo', () => {
    const { editor } = editorWith('第一段\n第二段文字\n第三段');
    const check = () => expect(documentLength(editor)).toBe(valueToText(editor.children).length);
    check();
    Transforms.select(editor, { path: [1, 0], offset: 2 });
    editor.insertText('新加的');
    check();
    editor.insertBreak();
    check();
    Transforms.delete(editor, { at: { path: [0, 0], offset: 1 }, distance: 2 });
    check();
    Transforms.mergeNodes(editor, { at: [1] });
    check();
    editor.undo();
    editor.undo();
    check();
    resetBody(editor, '全新的正文');
    check();
    expect(documentLength(editor)).toBe(5);
  });

  it('counts newlines between paragraphs in the saved length', () => {
    const { editor } = editorWith('ab\ncd');
    expect(documentLength(editor)).toBe(5);
  });

  it('blocks typing at 20,000 characters and tells why', () => {
    const { editor, refused } = editorWith('字'.repeat(CHAPTER_LIMIT - 1));
    editor.insertText('a');
    expect(documentLength(editor)).toBe(CHAPTER_LIMIT);
    editor.insertText('b');
    editor.insertBreak();
    expect(documentLength(editor)).toBe(CHAPTER_LIMIT);
    expect(refused).toHaveBeenCalledWith({ kind: 'typing' });
  });

  it('refuses a paste that would pass the limit whole, and pastes plain text that fits', () => {
    const { editor, refused } = editorWith('');
    paste(editor, 'x'.repeat(CHAPTER_LIMIT + 1));
    expect(documentLength(editor)).toBe(0);
    expect(refused).toHaveBeenCalledWith({ kind: 'paste', total: CHAPTER_LIMIT + 1 });
    paste(editor, 'one\r\ntwo');
    expect(valueToText(editor.children)).toBe('one\ntwo');
    expect(editor.children).toHaveLength(2);
  });

  it('a paste replacing a selection counts what it replaces', () => {
    const { editor, refused } = editorWith('x'.repeat(CHAPTER_LIMIT));
    Transforms.select(editor, {
      anchor: { path: [0, 0], offset: 0 },
      focus: { path: [0, 0], offset: 10 },
    });
    paste(editor, 'y'.repeat(10));
    expect(refused).not.toHaveBeenCalled();
    expect(documentLength(editor)).toBe(CHAPTER_LIMIT);
  });

  it('inserts a card at the caret and undo removes exactly it, even after edits elsewhere', () => {
    const { editor } = editorWith('开头。\n结尾。');
    Transforms.select(editor, { path: [0, 0], offset: 3 });
    const ref = insertTracked(editor, '续写的卡片。');
    expect(valueToText(editor.children)).toBe('开头。续写的卡片。\n结尾。');
    // Typing before the card moves it; the range follows.
    Transforms.insertText(editor, '前', { at: { path: [0, 0], offset: 0 } });
    expect(ref && removeTracked(editor, ref, '续写的卡片。')).toBe(true);
    expect(valueToText(editor.children)).toBe('前开头。\n结尾。');
    const again = ref && reinsertTracked(editor, ref, '续写的卡片。');
    expect(again).toBeTruthy();
    expect(valueToText(editor.children)).toBe('前开头。续写的卡片。\n结尾。');
  });

  it('does not remove an insertion the writer has edited since', () => {
    const { editor } = editorWith('A');
    const ref = insertTracked(editor, ' card');
    Transforms.insertText(editor, 'X', { at: { path: [0, 0], offset: 3 } });
    expect(ref && removeTracked(editor, ref, ' card')).toBe(false);
    expect(valueToText(editor.children)).toBe('A cXard');
  });

  it('refuses a card that would pass the limit', () => {
    const { editor } = editorWith('x'.repeat(CHAPTER_LIMIT - 2));
    expect(insertTracked(editor, 'abc')).toBeNull();
    expect(documentLength(editor)).toBe(CHAPTER_LIMIT - 2);
  });

  it('reads the selection and the text before the caret with paragraph breaks', () => {
    const { editor } = editorWith('one\ntwo\nthree');
    Transforms.select(editor, {
      anchor: { path: [0, 0], offset: 1 },
      focus: { path: [1, 0], offset: 2 },
    });
    expect(selectedText(editor)).toBe('ne\ntw');
    Transforms.select(editor, { path: [1, 0], offset: 1 });
    expect(textBeforeCaret(editor)).toBe('one\nt');
  });

  it('replaces a selection with a lab result, within the limit', () => {
    const { editor } = editorWith('keep this part');
    const range = { anchor: { path: [0, 0], offset: 5 }, focus: { path: [0, 0], offset: 9 } };
    expect(replaceRange(editor, range, 'that\nnew')).toBe(true);
    expect(valueToText(editor.children)).toBe('keep that\nnew part');
    expect(replaceRange(editor, range, 'x'.repeat(CHAPTER_LIMIT))).toBe(false);
  });

  it('resets the body to a restored draft', () => {
    const { editor } = editorWith('old');
    resetBody(editor, 'restored\ndraft');
    expect(valueToText(editor.children)).toBe('restored\ndraft');
  });
});
