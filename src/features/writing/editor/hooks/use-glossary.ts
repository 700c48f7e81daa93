import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetWorldQuery, useListEntryPagesInfiniteQuery } from '@/api/worlds';
import type { GlossaryTerm } from '../model/glossary';

/** The bound world's entries (first 100) and forbidden words as terms to highlight. */
export function useGlossary(universeId: string | null): GlossaryTerm[] {
  const { t } = useTranslation('writing');
  const id = universeId ?? '';
  const { data: world } = useGetWorldQuery({ id }, { skip: !universeId });
  const { data: entries } = useListEntryPagesInfiniteQuery(
    { id, filter: { perPage: 100 } },
    { skip: !universeId },
  );
  return useMemo(() => {
    const terms: GlossaryTerm[] = [];
    for (const page of entries?.pages ?? [])
      for (const e of page.data)
        terms.push({
          text: e.name,
          kind: 'entry',
          detail: t('editor.glossary.entry', { name: e.name, description: e.description }),
        });
    for (const w of world?.forbidden_words ?? [])
      terms.push({
        text: w.word,
        kind: 'forbidden',
        detail: t('editor.glossary.forbidden', { word: w.word }),
      });
    return terms;
  }, [entries, world, t]);
}
