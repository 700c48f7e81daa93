import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createEditor, type Range as SlateRange } from 'slate';
import type * as SlateReact from 'slate-react';
import { withReact } from 'slate-react';
import { scrollSelectionIntoView } from './scroll-caret';

const slateDefault = vi.hoisted(() => vi.fn());
vi.mock('slate-react', async (original) => ({
  ...(await original<typeof SlateReact>()),
  defaultScrollSelectionIntoView: slateDefault,
}));

function caretAt(rect: Partial<DOMRect>) {
  const full = { x: 0, y: 0, width: 0, height: 0, top: 0, bottom: 0, left: 0, right: 0, ...rect };
  return { getBoundingClientRect: () => full } as unknown as globalThis.Range;
}

function editorWith(selection: SlateRange | null) {
  const editor = withReact(createEditor());
  editor.children = [{ type: 'paragraph', children: [{ text: 'abcdef' }] }];
  editor.selection = selection;
  return editor;
}

const collapsed = { anchor: { path: [0, 0], offset: 2 }, focus: { path: [0, 0], offset: 2 } };

describe('scrollSelectionIntoView', () => {
  beforeEach(() => {
    slateDefault.mockClear();
    vi.stubGlobal('innerHeight', 800);
  });

  it('does nothing for a caret inside the viewport', () => {
    scrollSelectionIntoView(
      editorWith(collapsed),
      caretAt({ y: 400, top: 400, bottom: 420, height: 20 }),
    );
    expect(slateDefault).not.toHaveBeenCalled();
  });

  it("leaves a caret below, above or without a box, and a selection, to Slate's default", () => {
    const cases: [SlateRange | null, Partial<DOMRect>][] = [
      [collapsed, { y: 790, top: 790, bottom: 810, height: 20 }],
      [collapsed, { y: -10, top: -10, bottom: 10, height: 20 }],
      [collapsed, {}],
      [
        { ...collapsed, focus: { path: [0, 0], offset: 4 } },
        { y: 400, top: 400, bottom: 420, height: 20 },
      ],
      [null, { y: 400, top: 400, bottom: 420, height: 20 }],
    ];
    for (const [selection, rect] of cases) {
      const editor = editorWith(selection);
      const range = caretAt(rect);
      scrollSelectionIntoView(editor, range);
      expect(slateDefault).toHaveBeenLastCalledWith(editor, range);
    }
    expect(slateDefault).toHaveBeenCalledTimes(cases.length);
  });
});
