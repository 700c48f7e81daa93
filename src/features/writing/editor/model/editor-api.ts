import { Editor, Range, Transforms, type RangeRef } from 'slate';
import { ReactEditor } from 'slate-react';
import {
  insertTracked,
  reinsertTracked,
  removeTracked,
  replaceRange,
  selectedText,
  textBeforeCaret,
} from './chapter-text';

/** A piece of the body the lab works on, followed through later edits until released. */
export interface LabTarget {
  text: string;
  /** Replaces the target with `result` (or inserts it at the caret); false past the limit. */
  commit(result: string): boolean;
  release(): void;
}

/** What the AI panel and the lab may do to the chapter body. */
export interface ChapterEditorApi {
  textBeforeCaret(): string;
  insertCard(nodeid: string, text: string): boolean;
  /** Takes back an inserted card; false when it was edited since. */
  undoCard(nodeid: string): boolean;
  redoCard(nodeid: string): boolean;
  labTarget(): LabTarget;
  /**
   * Gives the keyboard back to the body at the writer's caret. A panel button that starts a
   * continuation is replaced while the stream runs, and focus would fall to the page, where
   * everything typed is lost; the writer keeps writing in the chapter instead.
   */
  focus(): void;
}

/** The editor side of `ChapterEditorApi`; `afterChange` lets the screen count and save. */
export function createEditorApi(editor: Editor): ChapterEditorApi {
  const inserted = new Map<string, { ref: RangeRef; text: string }>();
  return {
    textBeforeCaret: () => textBeforeCaret(editor),
    insertCard(nodeid, text) {
      const ref = insertTracked(editor, text);
      if (!ref) return false;
      inserted.get(nodeid)?.ref.unref();
      inserted.set(nodeid, { ref, text });
      return true;
    },
    undoCard(nodeid) {
      const entry = inserted.get(nodeid);
      return entry ? removeTracked(editor, entry.ref, entry.text) : false;
    },
    redoCard(nodeid) {
      const entry = inserted.get(nodeid);
      if (!entry) return false;
      const ref = reinsertTracked(editor, entry.ref, entry.text);
      if (!ref) return false;
      inserted.set(nodeid, { ref, text: entry.text });
      return true;
    },
    focus() {
      if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
      ReactEditor.focus(editor);
    },
    labTarget() {
      const selection = editor.selection ?? {
        anchor: Editor.end(editor, []),
        focus: Editor.end(editor, []),
      };
      const text = selectedText(editor);
      const ref = Editor.rangeRef(editor, selection, { affinity: 'inward' });
      return {
        text,
        commit(result) {
          const at = ref.current;
          if (!at) return false;
          if (Range.isCollapsed(at)) Transforms.select(editor, at);
          return replaceRange(editor, at, result);
        },
        release: () => void ref.unref(),
      };
    },
  };
}
