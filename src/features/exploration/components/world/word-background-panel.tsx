import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { errorText } from '@/api/error-messages';
import { useSetChatBackgroundMutation } from '@/api/exploration';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { useUnsavedInDialog } from '@/components/ui/dialog/dialog-close';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { countText } from '@/rules/text-count';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { WORLD_LIMITS } from '@/rules/world-form-limits';
import { checkBackground } from '@/rules/world-form-rules';
import { WORLD_SERVER_LIMITS } from '@/rules/world-limits';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';

/**
 * The background of the chat's world: a world's rules, checked before sending. Durable text
 * per chat (`chat-world:<uid>:<chatId>`), offered back after a reload or a crash; the dialog
 * asks before it closes on an unsaved one.
 */
export function WordBackgroundPanel({
  chatId,
  background,
}: {
  chatId: string;
  background: string;
}) {
  const { t } = useTranslation('exploration');
  const dispatch = useDispatch();
  const id = useId();
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `chat-world:${uid}:${chatId}` : null, { background });
  const text = durable.values.background;
  useUnsavedInDialog(durable.dirty, durable.revert);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSetChatBackgroundMutation();
  const maxLength = useMaxLength(WORLD_LIMITS.background);

  async function onSubmit() {
    const problem = checkBackground(text);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    try {
      await save({ chatId, chatBackgroundBody: { background: text } }).unwrap();
      durable.saved({ background: text });
      dispatch(toastShown({ msg: t('exploration:world.backgroundSaved') }));
    } catch (e) {
      setError(
        errorText('setChatBackground', e, (k: string, o?: Record<string, unknown>) =>
          String(t(k, { max: WORLD_SERVER_LIMITS.background, ...o })),
        ),
      );
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);

  const shown = error ?? maxLength.message;
  return (
    <form noValidate className="word-form" onSubmit={submitting.onSubmit}>
      <DraftOffer draft={durable} />
      <div className="field">
        <label htmlFor={`${id}-bg`}>{t('exploration:world.background')}</label>
        <textarea
          id={`${id}-bg`}
          ref={maxLength.ref}
          rows={8}
          value={text}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-count${shown ? ` ${id}-error` : ''}`}
          onChange={(e) => durable.set('background', e.target.value)}
        />
        <span id={`${id}-count`} className="word-form__count">
          {t('exploration:world.count', { count: countText(text), max: WORLD_LIMITS.background })}
        </span>
        {shown ? (
          <p id={`${id}-error`} role="alert" className="field__error">
            {shown}
          </p>
        ) : null}
      </div>
      <div className="word-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={isLoading || submitting.busy || text === background}
          aria-busy={submitting.busy}
        >
          {t('exploration:world.save')}
        </button>
      </div>
    </form>
  );
}
