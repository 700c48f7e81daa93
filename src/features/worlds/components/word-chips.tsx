import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { stripBidiControls } from '@/rules/display-text';
import { WORLD_LIMITS } from '@/rules/world-form-limits';

interface WordChipsProps {
  words: readonly { key: string; word: string }[];
  draft: string;
  onDraftChange: (value: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  error?: string | null;
  busy?: boolean;
}

/** The forbidden words of a world: the list with remove buttons, and a field to add one. */
export function WordChips({
  words,
  draft,
  onDraftChange,
  onAdd,
  onRemove,
  error,
  busy,
}: WordChipsProps) {
  const { t } = useTranslation('worlds');
  // A forbidden word is measured in code points, as the add rule measures it.
  const maxLength = useMaxLength(WORLD_LIMITS.forbiddenWord, {
    isOver: (text) => [...text.trim()].length > WORLD_LIMITS.forbiddenWord,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the word instead of submitting the surrounding form.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onAdd();
    }
  };
  return (
    <Field
      label={t('worlds:words.label')}
      error={error || maxLength.message}
      hint={t('worlds:words.hint', {
        used: words.length,
        max: WORLD_LIMITS.forbiddenWords,
        chars: WORLD_LIMITS.forbiddenWord,
      })}
    >
      {(control) => (
        <>
          {words.length > 0 ? (
            <ul className="word-chips" aria-label={t('worlds:words.list')}>
              {words.map((w) => (
                <li key={w.key} className="word-chips__item">
                  <span>{w.word}</span>
                  <button
                    type="button"
                    className="icon-button word-chips__remove"
                    aria-label={t('worlds:words.remove', { word: w.word })}
                    disabled={busy}
                    onClick={() => onRemove(w.key)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="field__row">
            <input
              {...control}
              ref={maxLength.ref}
              value={draft}
              placeholder={t('worlds:words.placeholder')}
              onChange={(e) => onDraftChange(stripBidiControls(e.target.value))}
              onKeyDown={onKeyDown}
            />
            <button type="button" className="button" onClick={onAdd} disabled={busy}>
              {t('worlds:words.add')}
            </button>
          </div>
        </>
      )}
    </Field>
  );
}
