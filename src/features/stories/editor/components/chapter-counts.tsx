import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from 'slate';
import { countText } from '@/lib/text-count';
import { CHAPTER_LIMIT, valueToText } from '../model/chapter-text';

/** A change counter the counts subscribe to, so typing re-renders nothing else. */
export function createChangeSignal() {
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    emit() {
      version += 1;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    current: () => version,
  };
}

export type ChangeSignal = ReturnType<typeof createChangeSignal>;

/** Live word and character counts (spec 1 §5 counting) and the power balance. */
export function ChapterCounts(props: {
  editor: Editor;
  changes: ChangeSignal;
  balance: number | null;
}) {
  const { editor, changes, balance } = props;
  const { t } = useTranslation('stories');
  const version = useSyncExternalStore(changes.subscribe, changes.current);
  // Counting 20,000 characters is cheap, but it need not hold up the keystroke's paint.
  const deferred = useDeferredValue(version);
  const counts = useMemo(() => {
    void deferred;
    const text = valueToText(editor.children);
    return { words: countText(text), chars: text.length };
  }, [deferred, editor]);
  return (
    <p className="chapter-workspace__counts">
      <span>{t('editor.wordCount', { count: counts.words })}</span>
      <span>{t('editor.charCount', { count: counts.chars, limit: CHAPTER_LIMIT })}</span>
      {balance !== null ? <span>{t('editor.power', { count: balance })}</span> : null}
    </p>
  );
}
