import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from 'slate';
import { clock, type TimerId } from '@/lib/clock';
import { formatCount } from '@/lib/number-format';
import { countText } from '@/rules/text-count';
import { CHAPTER_LIMIT, valueToText } from '../model/chapter-text';

/** A change counter the counts subscribe to, so typing re-renders nothing else. */
export function createChangeSignal() {
  const listeners = new Set<() => void>();
  return {
    emit() {
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type ChangeSignal = ReturnType<typeof createChangeSignal>;

export const COUNT_DELAY_MS = 150;

function countOf(editor: Editor) {
  const text = valueToText(editor.children);
  return { words: countText(text), chars: text.length };
}

/** Live word and character counts (spec 1 §5 counting) and the power balance. */
export function ChapterCounts(props: {
  editor: Editor;
  changes: ChangeSignal;
  balance: number | null;
}) {
  const { editor, changes, balance } = props;
  const { t, i18n } = useTranslation('writing');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [counts, setCounts] = useState(() => countOf(editor));
  // Counted shortly after typing pauses: live to the eye, and no work inside a keystroke's frame.
  useEffect(() => {
    let timer: TimerId | undefined;
    const unsubscribe = changes.subscribe(() => {
      clock.clearTimeout(timer);
      timer = clock.setTimeout(() => setCounts(countOf(editor)), COUNT_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clock.clearTimeout(timer);
    };
  }, [changes, editor]);
  return (
    <p className="chapter-workspace__counts">
      <span>{t('editor.wordCount', { count: counts.words })}</span>
      <span>{t('editor.charCount', { count: counts.chars, limit: CHAPTER_LIMIT })}</span>
      {balance !== null ? (
        // Shown as the header shows it (spec 1 §9 number display: 12.05万, 120.5k).
        <span>{t('editor.power', { count: balance, value: formatCount(balance, lang) })}</span>
      ) : null}
    </p>
  );
}
