import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/** The chapter body is plain text: a list of paragraphs holding one text leaf each. */
export interface ParagraphElement {
  type: 'paragraph';
  children: PlainText[];
}

export interface PlainText {
  text: string;
}

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: ParagraphElement;
    Text: PlainText;
  }
}
