import { describe, expect, it } from 'vitest';
import { findTerms, type GlossaryTerm } from './glossary';

const entry = (text: string): GlossaryTerm => ({ text, kind: 'entry', detail: `${text}…` });
const forbidden = (text: string): GlossaryTerm => ({ text, kind: 'forbidden', detail: '' });

describe('glossary terms in text', () => {
  it('finds every occurrence, longest term first, without overlaps', () => {
    const text = '白鹿书院里，白鹿低头饮水；白鹿书院的钟响了。';
    const found = findTerms(text, [entry('白鹿'), entry('白鹿书院')]).map((m) => [
      text.slice(m.start, m.end),
      m.start,
    ]);
    expect(found).toEqual([
      ['白鹿书院', 0],
      ['白鹿', 6],
      ['白鹿书院', 13],
    ]);
  });

  it('matches Latin terms ignoring case and marks forbidden words', () => {
    const found = findTerms('The phone rang. PHONE again.', [forbidden('phone')]);
    expect(found.map((m) => [m.start, m.end, m.term.kind])).toEqual([
      [4, 9, 'forbidden'],
      [16, 21, 'forbidden'],
    ]);
  });

  it('finds nothing in empty text or without terms', () => {
    expect(findTerms('', [entry('a')])).toEqual([]);
    expect(findTerms('abc', [])).toEqual([]);
  });
});
