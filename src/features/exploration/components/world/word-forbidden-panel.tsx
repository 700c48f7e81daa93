import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { errorText } from '@/api/error-messages';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { useUnsavedInDialog } from '@/components/ui/dialog/dialog-close';
import {
  useAddChatForbiddenWordMutation,
  useDeleteChatForbiddenWordMutation,
  type ForbiddenWord,
} from '@/api/exploration';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { stripBidiControls } from '@/rules/display-text';
import { checkForbiddenWord } from '@/rules/world-form-rules';
import { useOnceFormSubmit, useOnceSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';

const NO_WORD = { word: '' };

/**
 * The chat's forbidden words (spec 2 §5): at most 10 characters each, at most 20, no word twice
 * — checked at the field before sending; the server's 42212 and 40301 are shown there too.
 * Replies never contain them. A word typed but not added is durable text per chat
 * (`chat-forbidden:<uid>:<chatId>`), and the dialog asks before it closes on one.
 */
export function WordForbiddenPanel({
  chatId,
  words,
}: {
  chatId: string;
  words: readonly ForbiddenWord[];
}) {
  const { t } = useTranslation('exploration');
  const id = useId();
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `chat-forbidden:${uid}:${chatId}` : null, NO_WORD, {
    mode: 'merge',
  });
  const draft = durable.values.word;
  useUnsavedInDialog(durable.dirty, durable.revert);
  const [error, setError] = useState<string | null>(null);
  const [addWord, addState] = useAddChatForbiddenWordMutation();
  const [removeWord, removeState] = useDeleteChatForbiddenWordMutation();
  const full = words.length >= EXPLORATION_LIMITS.forbiddenWords;
  // A forbidden word is measured in code points, as the add rule measures it.
  const maxLength = useMaxLength(EXPLORATION_LIMITS.forbiddenWord, {
    isOver: (text) => [...text.trim()].length > EXPLORATION_LIMITS.forbiddenWord,
  });
  const shown = error ?? maxLength.message;

  async function onAdd() {
    const problem = checkForbiddenWord(
      draft,
      words.map((w) => w.word),
    );
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    try {
      await addWord({ chatId, forbiddenWordBody: { word: draft.trim() } }).unwrap();
      durable.saved(NO_WORD);
    } catch (e) {
      setError(errorText('addChatForbiddenWord', e, t));
    }
  }

  const adding = useOnceFormSubmit(onAdd);
  const removing = useOnceSubmit((word: string) => removeWord({ chatId, word }));

  return (
    <div className="word-forbidden">
      <p id={`${id}-hint`} className="word-note">
        {t('exploration:world.wordsHint', {
          count: words.length,
          max: EXPLORATION_LIMITS.forbiddenWords,
          chars: EXPLORATION_LIMITS.forbiddenWord,
        })}
      </p>
      {words.length === 0 ? (
        <p>{t('exploration:world.noWords')}</p>
      ) : (
        <ul className="word-chips" aria-label={t('exploration:world.wordsLabel')}>
          {words.map((w) => (
            <li key={w.id} className="word-chip">
              <span>{w.word}</span>
              <button
                type="button"
                className="word-chip__remove"
                aria-label={t('exploration:world.removeWord', { word: w.word })}
                disabled={removeState.isLoading || removing.busy}
                aria-busy={removing.busy}
                onClick={() => void removing.run(w.word)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate className="word-forbidden__add" onSubmit={adding.onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-word`}>{t('exploration:world.newWord')}</label>
          <input
            id={`${id}-word`}
            ref={maxLength.ref}
            value={draft}
            disabled={full}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              durable.set('word', stripBidiControls(e.target.value));
              setError(null);
            }}
          />
          {shown ? (
            <p id={`${id}-error`} role="alert" className="field__error">
              {shown}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="button"
          disabled={full || addState.isLoading || adding.busy}
          aria-busy={adding.busy}
        >
          {t('exploration:world.addWord')}
        </button>
      </form>
    </div>
  );
}
