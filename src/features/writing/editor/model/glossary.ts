/**
 * The bound world's glossary names and forbidden words, found in a text for highlighting
 * (Slate decorations). Longer terms win where terms overlap ("白鹿书院" over "白鹿"); matching
 * ignores case for Latin terms.
 */

export interface GlossaryTerm {
  text: string;
  kind: 'entry' | 'forbidden';
  /** What hovering shows: the entry's description, or the forbidden-word notice. */
  detail: string;
}

export interface TermMatch {
  start: number;
  end: number;
  term: GlossaryTerm;
}

export function findTerms(text: string, terms: readonly GlossaryTerm[]): TermMatch[] {
  if (!text || !terms.length) return [];
  const lower = text.toLowerCase();
  const sorted = [...terms].filter((t) => t.text).sort((a, b) => b.text.length - a.text.length);
  const taken = new Uint8Array(text.length);
  const matches: TermMatch[] = [];
  for (const term of sorted) {
    const needle = term.text.toLowerCase();
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (taken.subarray(at, end).some(Boolean)) continue;
      taken.fill(1, at, end);
      matches.push({ start: at, end, term });
    }
  }
  return matches.sort((a, b) => a.start - b.start);
}
