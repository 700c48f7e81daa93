import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { useGetContinueCharactersQuery, type ContinueCharacter } from '@/api/writing';
import './scene-characters.css';

/** At most this many characters per scene (contract `ContinueBody.character_ids`). */
export const MAX_SCENE_CHARACTERS = 5;

/** The panel's choice: kept while the editor is open, sent with each continuation. */
export function useSceneCharacters() {
  return useState<string[]>([]);
}

export interface SceneCharactersProps {
  storyId: string;
  /** The chosen entry ids, in the order they were chosen. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

/**
 * "Characters in this scene" (spec 1 §7 GET /api/v2/stories/{storyId}/continue_writing_character):
 * the bound world's living characters, of which the writer may choose up to 5 for the next
 * continuation; none chosen lets the AI pick. A character that left the list (deleted, or now
 * dead) is dropped from the choice.
 */
export function SceneCharacters({ storyId, value, onChange, disabled }: SceneCharactersProps) {
  const { t } = useTranslation('writing');
  const titleId = useId();
  const hintId = useId();
  const { data, error, isLoading, isFetching, refetch } = useGetContinueCharactersQuery({
    storyId,
  });

  // Keep only ids still offered (another tab may have deleted or killed a character).
  useEffect(() => {
    if (!data) return;
    const offered = new Set(data.data.map((c) => c.id));
    const kept = value.filter((id) => offered.has(id));
    if (kept.length !== value.length) onChange(kept);
  }, [data, value, onChange]);

  const full = value.length >= MAX_SCENE_CHARACTERS;
  const toggle = (c: ContinueCharacter, on: boolean) =>
    onChange(on ? [...value, c.id] : value.filter((id) => id !== c.id));

  let body;
  if (isLoading) {
    body = (
      <p className="ai-panel__hint" role="status">
        {t('ai.characters.loading')}
      </p>
    );
  } else if (error) {
    body = (
      <div className="scene-characters__error">
        <p className="field__error" role="alert">
          {isApiError(error) ? errorText('getContinueCharacters', error, t) : t('errors:generic')}
        </p>
        <button
          type="button"
          className="button"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {t('common:actions.retry')}
        </button>
      </div>
    );
  } else if (!data?.universe_id) {
    body = <p className="ai-panel__hint">{t('ai.characters.noWorld')}</p>;
  } else if (data.data.length === 0) {
    body = <p className="ai-panel__hint">{t('ai.characters.none')}</p>;
  } else {
    body = (
      <>
        <p id={hintId} className="ai-panel__hint">
          {full
            ? t('ai.characters.limit', { max: MAX_SCENE_CHARACTERS })
            : t('ai.characters.hint', { max: MAX_SCENE_CHARACTERS })}
        </p>
        <ul className="scene-characters__list">
          {data.data.map((c) => {
            const checked = value.includes(c.id);
            return (
              <li key={c.id}>
                <label className="scene-characters__item" title={c.description || undefined}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={disabled || (full && !checked)}
                    aria-describedby={hintId}
                    onChange={(e) => toggle(c, e.target.checked)}
                  />
                  <span>{c.name}</span>
                  {c.is_recommended ? (
                    <span className="scene-characters__badge">
                      {t('ai.characters.recommended')}
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <fieldset className="scene-characters" aria-labelledby={titleId} disabled={disabled}>
      <legend id={titleId} className="field__label">
        {t('ai.characters.title')}
      </legend>
      {body}
    </fieldset>
  );
}
