import { describe, expect, it } from 'vitest';
import type { GlossaryTerm } from './glossary';
import { collectTermRanges, termAt } from './glossary-highlight';

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
