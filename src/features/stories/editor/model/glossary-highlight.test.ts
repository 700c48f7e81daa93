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
