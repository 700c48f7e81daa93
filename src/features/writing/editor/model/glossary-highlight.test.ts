import { describe, expect, it, vi } from 'vitest';
import type { GlossaryTerm } from './glossary';
import { collectTermRanges, onScreen, termAt } from './glossary-highlight';

const terms: GlossaryTerm[] = [
  { text: '柳倩', kind: 'entry', detail: '柳倩：守城的人' },
  { text: '南海', kind: 'forbidden', detail: '禁用词：南海' },
];

function paragraphs(...texts: string[]) {
  const root = document.createElement('div');
  for (const t of texts) {
    const p = document.createElement('p');
    p.textContent = t;
    root.append(p);
  }
  return root;
}

describe('glossary highlight ranges', () => {
  it('finds terms in every rendered paragraph as DOM ranges', () => {
    const root = paragraphs('柳倩去了南海。', '无关的一段', '又见柳倩');
    const painted = collectTermRanges(root, terms);
    expect(painted.map((p) => [p.range.toString(), p.term.kind])).toEqual([
      ['柳倩', 'entry'],
      ['南海', 'forbidden'],
      ['柳倩', 'entry'],
    ]);
  });

  it('tells which term is under a text position (hover)', () => {
    const root = paragraphs('柳倩去了南海。');
    const painted = collectTermRanges(root, terms);
    const text = root.querySelector('p')?.firstChild as Node;
    expect(termAt(painted, text, 1)?.term.detail).toBe('柳倩：守城的人');
    expect(termAt(painted, text, 2)).toBeNull();
    expect(termAt(painted, text, 4)?.term.kind).toBe('forbidden');
  });

  it('finds nothing without terms', () => {
    expect(collectTermRanges(paragraphs('柳倩'), [])).toEqual([]);
  });
});

describe('glossary highlight ranges across the segments of a long paragraph', () => {
  /** One paragraph rendered as several string spans, as a long one is (segments.ts). */
  function segmented(...parts: string[]) {
    const root = document.createElement('div');
    const p = document.createElement('p');
    for (const part of parts) {
      const span = document.createElement('span');
      span.dataset.slateString = 'true';
      span.textContent = part;
      p.append(span);
    }
    root.append(p);
    return { root, texts: [...p.querySelectorAll('span')].map((s) => s.firstChild as Text) };
  }

  it('finds a term that starts in one text node and ends in the next', () => {
    const { root, texts } = segmented('城门外站着柳', '倩，她望向南海。');
    const painted = collectTermRanges(root, terms);
    expect(painted.map((p) => [p.range.toString(), p.term.kind])).toEqual([
      ['柳倩', 'entry'],
      ['南海', 'forbidden'],
    ]);
    const [name] = painted;
    expect(name!.range.startContainer).toBe(texts[0]);
    expect(name!.range.endContainer).toBe(texts[1]);
    // Hover finds it from either side of the cut; the end is not inside.
    expect(termAt(painted, texts[0]!, 5)?.term.text).toBe('柳倩');
    expect(termAt(painted, texts[1]!, 0)?.term.text).toBe('柳倩');
    expect(termAt(painted, texts[1]!, 1)).toBeNull();
  });

  it('does not join the texts of two paragraphs', () => {
    const root = paragraphs('他说柳', '倩来了');
    expect(collectTermRanges(root, terms)).toEqual([]);
  });
});

describe('the names on screen', () => {
  /** Gives each found range a box: the paragraph index times 100 px from the top. */
  function laidOut(root: HTMLElement) {
    const painted = collectTermRanges(root, terms);
    const blocks = [...root.querySelectorAll('p')];
    const measured = painted.map((p) => {
      const top =
        blocks.indexOf(p.range.startContainer.parentElement as HTMLParagraphElement) * 100;
      const box = vi.fn(() => ({ top, bottom: top + 20 }) as DOMRect);
      p.range.getBoundingClientRect = box;
      return box;
    });
    return { painted, measured, blocks };
  }

  it('keeps the ranges whose box meets the band', () => {
    const root = paragraphs('柳倩', '南海', '柳倩', '南海');
    const { painted } = laidOut(root);
    const { shown, unsettled } = onScreen(painted, { top: 100, bottom: 210 });
    expect(unsettled).toBe(false);
    expect(shown.map((p) => p.range.startContainer.parentElement)).toEqual([
      root.children[1],
      root.children[2],
    ]);
  });

  /** Puts paragraphs `skipped` into a box whose content the browser skips, at `boxTop`. */
  function skip(root: HTMLElement, skipped: number[], boxTop: number) {
    const box = document.createElement('div');
    box.checkVisibility = () => true;
    box.getBoundingClientRect = () => ({ top: boxTop, bottom: boxTop + 600 }) as DOMRect;
    const blocks = [...root.querySelectorAll('p')];
    blocks[skipped[0]!]!.before(box);
    for (const i of skipped) {
      box.append(blocks[i]!);
      blocks[i]!.checkVisibility = () => false;
    }
  }

  it('passes over paragraphs the browser skips off screen without measuring them', () => {
    const root = paragraphs('柳倩', '南海', '柳倩');
    skip(root, [0], -2000);
    const { painted, measured } = laidOut(root);
    const { shown, unsettled } = onScreen(painted, { top: 50, bottom: 1000 });
    expect(shown.map((p) => p.range.toString())).toEqual(['南海', '柳倩']);
    expect(measured[0]).not.toHaveBeenCalled();
    expect(measured[1]).toHaveBeenCalled();
    expect(unsettled).toBe(false);
  });

  it('says when a skipped box is on screen, its content laid out only in a coming frame', () => {
    const root = paragraphs('柳倩', '南海', '柳倩');
    skip(root, [1, 2], 500);
    const { painted, measured } = laidOut(root);
    const { shown, unsettled } = onScreen(painted, { top: 0, bottom: 1000 });
    expect(shown.map((p) => p.range.toString())).toEqual(['柳倩']);
    expect(measured[1]).not.toHaveBeenCalled();
    expect(unsettled).toBe(true);
  });

  it('measures only around the names on screen in a long chapter', () => {
    const root = paragraphs(...Array.from({ length: 1000 }, () => '柳倩'));
    const { painted, measured } = laidOut(root);
    const { shown } = onScreen(painted, { top: 50_000, bottom: 50_800 });
    const blocks = [...root.children];
    expect(shown.map((p) => blocks.indexOf(p.range.startContainer.parentElement!))).toEqual([
      500, 501, 502, 503, 504, 505, 506, 507, 508,
    ]);
    const calls = measured.reduce((n, m) => n + m.mock.calls.length, 0);
    expect(calls).toBeLessThan(40);
  });

  it('counts every name as shown where ranges cannot be measured', () => {
    const root = paragraphs('柳倩去了南海。');
    const painted = collectTermRanges(root, terms);
    for (const p of painted)
      Object.defineProperty(p.range, 'getBoundingClientRect', { value: undefined });
    expect(onScreen(painted, { top: 0, bottom: 10 }).shown).toEqual(painted);
  });
});
