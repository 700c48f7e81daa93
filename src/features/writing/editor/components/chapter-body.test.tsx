import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createEditor, Editor, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { ReactEditor, withReact } from 'slate-react';
import { seedToday as seed } from '@mocks/seed-today';
import { textToValue } from '../model/chapter-text';
import { createEditorApi } from '../model/editor-api';
import { splitSegments } from '../model/segments';
import '../model/slate-types';
import { ChapterBody } from './chapter-body';

const long = (() => {
  const source = seed.chapters.map((c) => c.content.replace(/\n/g, '')).join('');
  let text = '';
  while (text.length < 6_000) text += source;
  return text.slice(0, 6_000);
})();

function mount(content: string) {
  const editor = withHistory(withReact(createEditor()));
  const noop = () => undefined;
  const view = render(
    <ChapterBody
      editor={editor}
      initialValue={textToValue(content)}
      label="body"
      placeholder=""
      onValueChange={noop}
      onSelectionChange={noop}
      onFocus={noop}
      onBlur={noop}
    />,
  );
  const strings = () => [
    ...view.container
      .querySelectorAll<HTMLElement>('p')[0]!
      .querySelectorAll('[data-slate-string]'),
  ];
  return { editor, view, strings };
}

describe('chapter body: a long paragraph in segments', () => {
  it('renders one string span per segment; short paragraphs stay one', () => {
    const { view, strings } = mount(`${long}\n短的一段`);
    expect(strings().map((s) => s.textContent)).toEqual(splitSegments(long));
    expect(strings().length).toBeGreaterThan(5);
    const second = view.container.querySelectorAll('p')[1]!;
    expect(second.querySelectorAll('[data-slate-string]')).toHaveLength(1);
  });

  it('maps text offsets to DOM points and back, also at a cut', () => {
    const { editor } = mount(long);
    const parts = splitSegments(long);
    const cut = parts[0]!.length + parts[1]!.length;
    for (const offset of [0, 10, cut - 1, cut, cut + 1, long.length]) {
      const point = { path: [0, 0], offset };
      const [node, domOffset] = ReactEditor.toDOMPoint(editor, point);
      expect(node.parentElement?.hasAttribute('data-slate-string')).toBe(true);
      expect(
        ReactEditor.toSlatePoint(editor, [node, domOffset], {
          exactMatch: true,
          suppressThrow: false,
        }),
      ).toEqual(point);
    }
  });

  it('an edit rewrites only the segment it falls in', async () => {
    const { editor, strings } = mount(long);
    const before = strings();
    const parts = splitSegments(long);
    const at = parts[0]!.length + parts[1]!.length + 20; // inside the third segment
    await act(async () => {
      Transforms.insertText(editor, '新', { at: { path: [0, 0], offset: at } });
      await Promise.resolve();
    });
    const after = strings();
    const expected = long.slice(0, at) + '新' + long.slice(at);
    expect(after.map((s) => s.textContent).join('')).toBe(expected);
    expect(Editor.string(editor, [])).toBe(expected);
    // The untouched segments are the same DOM nodes, with their text nodes.
    expect(after[0]).toBe(before[0]);
    expect(after[0]!.firstChild).toBe(before[0]!.firstChild);
    expect(after.at(-1)!.firstChild).toBe(before.at(-1)!.firstChild);
  });

  it('a character the browser put in the segment before a cut is moved to where the text has it', async () => {
    const { editor, strings } = mount(long);
    const parts = splitSegments(long);
    const cut = parts[0]!.length;
    // The browser typed at the cut into the end of the first segment's node...
    (strings()[0]!.firstChild as Text).appendData('x');
    // ...while Slate's text has it at the start of the second segment: the segmented leaf's
    // pass after the render puts each span back to its segment.
    await act(async () => {
      Transforms.insertText(editor, 'x', { at: { path: [0, 0], offset: cut } });
      await Promise.resolve();
    });
    const expected = long.slice(0, cut) + 'x' + long.slice(cut);
    expect(strings().map((s) => s.textContent)).toEqual(splitSegments(expected));
  });

  it('deleting down to a short paragraph goes back to one string', async () => {
    const { editor, strings } = mount(long);
    await act(async () => {
      Transforms.delete(editor, {
        at: { anchor: { path: [0, 0], offset: 100 }, focus: { path: [0, 0], offset: long.length } },
      });
      await Promise.resolve();
    });
    expect(strings().map((s) => s.textContent)).toEqual([long.slice(0, 100)]);
  });
});

describe('chapter body: the keyboard goes back to the body', () => {
  it('api.focus() after a panel button took focus: the body has it, at the writer’s caret', async () => {
    const { editor, view } = mount('第一段\n第二段');
    const caret = { path: [1, 0], offset: 2 };
    Transforms.select(editor, caret);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    await act(async () => {
      createEditorApi(editor).focus();
      await new Promise((done) => setTimeout(done, 30));
    });
    expect(document.activeElement).toBe(view.container.querySelector('[data-slate-editor]'));
    expect(editor.selection).toEqual({ anchor: caret, focus: caret });
    button.remove();
  });
});
