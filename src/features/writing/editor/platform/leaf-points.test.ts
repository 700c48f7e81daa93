import { describe, expect, it } from 'vitest';
import { leafPoint } from './leaf-points';

/** A Slate text element holding one leaf, rendered as chapter-body.tsx renders a long one. */
function textElement(segments: string[], stringAttrs = '') {
  const host = document.createElement('div');
  host.innerHTML =
    `<span data-slate-node="text"><span data-slate-leaf="true">` +
    segments.map((s) => `<span data-slate-string="true" ${stringAttrs}>${s}</span>`).join('') +
    `</span></span>`;
  return host.firstElementChild as HTMLElement;
}

/** Slate's own count (slate-dom toSlatePoint): clone from the text's start, count characters. */
function clonedOffset(text: HTMLElement, node: Node, offset: number) {
  const range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(node, offset);
  return range.cloneContents().textContent?.length ?? 0;
}

function textNodes(root: Node): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

describe('leafPoint', () => {
  it("gives Slate's offset in a leaf of one string", () => {
    const text = textElement(['天地玄黄']);
    const [node] = textNodes(text);
    for (let offset = 0; offset <= 4; offset++)
      expect(leafPoint(node!, offset)).toEqual({ text, offset });
  });

  it("gives Slate's offset for every position in every segment", () => {
    const text = textElement(['天地玄黄，', '宇宙洪荒。日月', '盈昃', '辰宿列张']);
    let checked = 0;
    for (const node of textNodes(text))
      for (let offset = 0; offset <= node.length; offset++) {
        expect(leafPoint(node, offset)).toEqual({
          text,
          offset: clonedOffset(text, node, offset),
        });
        checked++;
      }
    expect(checked).toBe(22);
  });

  it('counts a text node the browser split off inside a segment', () => {
    const text = textElement(['abc', 'defg', 'hi']);
    const second = text.querySelectorAll('[data-slate-string]')[1]!.firstChild as Text;
    const tail = second.splitText(2); // "de" | "fg"
    expect(leafPoint(tail, 1)).toEqual({ text, offset: clonedOffset(text, tail, 1) });
    expect(leafPoint(tail, 1)?.offset).toBe(6);
  });

  it("leaves every other shape to Slate's own mapping", () => {
    // Strings whose DOM text is not their text: a trailing newline, a zero-width string.
    for (const attrs of ['data-slate-trailing="true"', 'data-slate-length="0"']) {
      const odd = textElement(['abc', 'def'], attrs);
      expect(leafPoint(textNodes(odd)[1]!, 1)).toBeNull();
    }
    // A point on an element rather than in a text node.
    const text = textElement(['abc', 'def']);
    expect(leafPoint(text.querySelector('[data-slate-string]')!, 0)).toBeNull();
    // Something other than a string span before the point (Slate would skip zero-width text).
    const odd = textElement(['abc', 'def']);
    const leaf = odd.firstElementChild!;
    const zeroWidth = document.createElement('span');
    zeroWidth.setAttribute('data-slate-zero-width', 'z');
    zeroWidth.textContent = '\uFEFF';
    leaf.insertBefore(zeroWidth, leaf.lastElementChild);
    expect(leafPoint(textNodes(odd).at(-1)!, 1)).toBeNull();
    // Two leaves in one text (a decoration split it).
    const split = textElement(['abc']);
    split.appendChild(split.firstElementChild!.cloneNode(true));
    expect(leafPoint(textNodes(split)[1]!, 1)).toBeNull();
  });
});
