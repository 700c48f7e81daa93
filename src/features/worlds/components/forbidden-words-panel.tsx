import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { errorText } from '@/api/error-messages';
import {
  useAddForbiddenWordMutation,
  useDeleteForbiddenWordMutation,
  type World,
} from '@/api/worlds';
import { checkForbiddenWord } from '@/rules/world-form-rules';
import { WordChips } from './word-chips';
import { useOnceSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';

const NO_WORD = { word: '' };

/**
 * Forbidden words of a world, saved one at a time. A word typed but not added raises the
 * world editor's unsaved flag, and is durable text per world (`forbidden:<uid>:<worldId>`):
 * back after a reload or a crash, gone once the server has the word.
 */
export function ForbiddenWordsPanel({
  world,
  onDirtyChange,
}: {
  world: World;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('worlds');
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `forbidden:${uid}:${world.id}` : null, NO_WORD, {
    mode: 'merge',
  });
  const draft = durable.values.word;
  const setDraft = (value: string) => durable.set('word', value);
  const [error, setError] = useState<string | null>(null);
  const [addWord, addState] = useAddForbiddenWordMutation();
  const [removeWord, removeState] = useDeleteForbiddenWordMutation();
  const dirty = draft.trim() !== '';

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  async function onAdd() {
    const problem = checkForbiddenWord(
      draft,
      world.forbidden_words.map((w) => w.word),
    );
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    try {
      await addWord({ id: world.id, forbiddenWordBody: { word: draft.trim() } }).unwrap();
      durable.saved(NO_WORD);
    } catch (e) {
      setError(errorText('addForbiddenWord', e, t));
    }
  }

  const adding = useOnceSubmit(onAdd);
  const removing = useOnceSubmit((wordId: string) => removeWord({ id: world.id, wordId }));

  return (
    <section className="worlds-panel" aria-labelledby="forbidden-words-title">
      <h2 id="forbidden-words-title">{t('worlds:words.title')}</h2>
      <WordChips
        words={world.forbidden_words.map((w) => ({ key: w.id, word: w.word }))}
        draft={draft}
        onDraftChange={setDraft}
        onAdd={() => void adding.run()}
        onRemove={(wordId) => void removing.run(wordId)}
        error={error}
        busy={addState.isLoading || removeState.isLoading || adding.busy || removing.busy}
      />
    </section>
  );
}
