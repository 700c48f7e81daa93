import { act, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useState } from 'react';
import { createEditor, Transforms } from 'slate';
import { DOMEditor } from 'slate-dom';
import { Editable, ReactEditor, Slate, withReact } from 'slate-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedToday as seed } from '@mocks/seed-today';
import { textToValue } from '../model/chapter-text';
import { splitSegments } from '../model/segments';
import '../model/slate-types';
import { installLeafPoints, slateToSlatePoint } from './leaf-points';
import { renderSegmentedLeaf } from './segmented-leaf';
import { withoutReactSelectionCapture } from './selection-capture';

/**
 * The Slate and React behaviour the three patches of this folder rely on (README.md), checked
 * on the installed packages. A failure here means an upgrade changed what a patch assumes:
 * re-measure with `node scripts/bench-editor.mjs` and drop or rework the patch, then update
 * VERIFIED.
 */
const VERIFIED = {
  slate: '0.146.0',
  'slate-dom': '0.146.1',
  'slate-react': '0.146.1',
  react: '19.3.1',
  'react-dom': '19.3.1',
};

const require = createRequire(import.meta.url);
const installed = (name: string) =>
  (
    JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
      version: string;
    }
  ).version;

const long = seed.chapters
  .map((c) => c.content.replace(/\n/g, ''))
  .join('')
  .repeat(4)
  .slice(0, 3_000);

function mountSegmented(content: string) {
  const editor = withReact(createEditor());
  const view = render(
    <Slate editor={editor} initialValue={textToValue(content)}>
      <Editable renderLeaf={renderSegmentedLeaf} />
    </Slate>,
  );
  const strings = () => [...view.container.querySelectorAll<HTMLElement>('[data-slate-string]')];
  return { editor, view, strings };
}

afterEach(() => vi.restoreAllMocks());

describe('platform patches: the versions they were verified with', () => {
  it.each(Object.entries(VERIFIED))('%s is %s', (name, version) => {
    expect(
      installed(name),
      `${name} changed: re-verify editor/platform/ (README.md) before updating VERIFIED`,
    ).toBe(version);
  });
});

describe('leaf-points: Slate maps DOM points through ReactEditor.toSlatePoint', () => {
  it('ReactEditor is the DOMEditor object Slate calls itself, and toSlatePoint keeps its signature', () => {
    expect(ReactEditor).toBe(DOMEditor);
    // (editor, [node, offset], { exactMatch, suppressThrow, searchDirection? })
    expect(slateToSlatePoint).toHaveLength(3);
  });

  it("Slate's own range mapping goes through the shared toSlatePoint (where the patch sits)", () => {
    const { editor, strings } = mountSegmented(long);
    const spy = vi.spyOn(ReactEditor, 'toSlatePoint');
    const node = strings()[1]!.firstChild!;
    const range = document.createRange();
    range.setStart(node, 2);
    range.setEnd(node, 2);
    ReactEditor.toSlateRange(editor, range, { exactMatch: true, suppressThrow: false });
    expect(spy).toHaveBeenCalled();
  });

  it("the installed mapping answers as Slate's own does, across the segments of a leaf", () => {
    installLeafPoints();
    const { editor, strings } = mountSegmented(long);
    expect(ReactEditor.toSlatePoint).not.toBe(slateToSlatePoint);
    const spans = strings();
    expect(spans.length).toBeGreaterThan(3);
    const options = { exactMatch: true, suppressThrow: false };
    for (const [i, offset] of [
      [0, 0],
      [0, 5],
      [1, 0],
      [2, 7],
      [spans.length - 1, spans.at(-1)!.textContent!.length],
    ] as const) {
      const point: [Node, number] = [spans[i]!.firstChild!, offset];
      expect(ReactEditor.toSlatePoint(editor, point, options)).toEqual(
        slateToSlatePoint(editor, point, options),
      );
    }
  });
});

describe('segmented leaf: Slate treats several string spans of a leaf as one text', () => {
  it('maps text offsets to DOM points in the right span and back', () => {
    const { editor, strings } = mountSegmented(long);
    const parts = splitSegments(long);
    expect(strings().map((s) => s.textContent)).toEqual(parts);
    const cut = parts[0]!.length + parts[1]!.length;
    for (const offset of [0, cut - 1, cut, cut + 1, long.length]) {
      const point = { path: [0, 0], offset };
      const dom = ReactEditor.toDOMPoint(editor, point);
      expect(dom[0].parentElement?.hasAttribute('data-slate-string')).toBe(true);
      expect(slateToSlatePoint(editor, dom, { exactMatch: true, suppressThrow: false })).toEqual(
        point,
      );
    }
  });

  it('an edit keeps the DOM of the other segments (React never rewrites their text)', async () => {
    const { editor, strings } = mountSegmented(long);
    const before = strings();
    const parts = splitSegments(long);
    const at = parts[0]!.length + parts[1]!.length + 5;
    await act(async () => {
      Transforms.insertText(editor, '新', { at: { path: [0, 0], offset: at } });
      await Promise.resolve();
    });
    const after = strings();
    expect(after.map((s) => s.textContent).join('')).toBe(
      long.slice(0, at) + '新' + long.slice(at),
    );
    expect(after[0]!.firstChild).toBe(before[0]!.firstChild);
    expect(after.at(-1)!.firstChild).toBe(before.at(-1)!.firstChild);
  });
});

describe('segmented leaf: a keystroke that moves a boundary', () => {
  it('rewrites the spans around it, never every span after it', async () => {
    // A position where typing one character adds a segment boundary.
    const parts = splitSegments(long);
    let at = parts[0]!.length + 1;
    while (splitSegments(long.slice(0, at) + 'x' + long.slice(at)).length === parts.length) at++;
    const { editor, strings } = mountSegmented(long);
    const before = strings().map((s) => s.firstChild);
    await act(async () => {
      Transforms.insertText(editor, 'x', { at: { path: [0, 0], offset: at } });
      await Promise.resolve();
    });
    const after = strings();
    expect(after.map((s) => s.textContent)).toEqual(
      splitSegments(long.slice(0, at) + 'x' + long.slice(at)),
    );
    const rewritten = after.filter((s) => !before.includes(s.firstChild)).length;
    expect(after).toHaveLength(before.length + 1);
    expect(rewritten).toBeLessThanOrEqual(2);
  });
});

describe('selection capture: React reads the focused element’s selection only when contentEditable is "true"', () => {
  /** A focused editing host and a sibling whose state changes (a commit elsewhere). */
  function mountHost(ref: (el: HTMLDivElement | null) => void) {
    let bump = () => undefined as void;
    function Page() {
      const [n, setN] = useState(0);
      bump = () => setN((x) => x + 1);
      return (
        <>
          <div ref={ref} contentEditable suppressContentEditableWarning tabIndex={0}>
            <p>一段文字</p>
          </div>
          <output>{n}</output>
        </>
      );
    }
    const view = render(<Page />);
    const host = view.container.querySelector<HTMLDivElement>('[contenteditable]')!;
    host.focus();
    getSelection()!.collapse(host.querySelector('p')!.firstChild!, 2);
    return { host, commit: () => act(() => bump()) };
  }

  it('React reads the selection of a focused element whose contentEditable is "true"', () => {
    // jsdom has no contentEditable property: give the host the one a browser has.
    const { host, commit } = mountHost((el) => {
      if (el) Object.defineProperty(el, 'contentEditable', { configurable: true, value: 'true' });
    });
    expect(document.activeElement).toBe(host);
    const read = vi.spyOn(window, 'getSelection');
    commit();
    expect(read, 'React no longer reads the selection before a commit').toHaveBeenCalled();
  });

  it('and not once the element answers "inherit", while the attribute stays editable', () => {
    const { host, commit } = mountHost(withoutReactSelectionCapture);
    expect(document.activeElement).toBe(host);
    expect(host.contentEditable).toBe('inherit');
    expect(host.getAttribute('contenteditable')).toBe('true');
    const read = vi.spyOn(window, 'getSelection');
    commit();
    expect(read).not.toHaveBeenCalled();
  });
});
