import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/api/error-messages';
import { useCreateChatArchiveMutation } from '@/api/exploration';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { titleProblem } from '../model/save-points';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';

const NO_TITLE = { title: '' };

/**
 * Adds a save point of the chat as it is now: an optional title (at most 20; else the time).
 * The title is durable text per game (`save-point:<uid>:<gameId>:new`): kept at every key,
 * back when the dialog opens again, gone once the save point is made.
 */
export function SaveDialog({ gameId, onClose }: { gameId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `save-point:${uid}:${gameId}:new` : null, NO_TITLE, {
    mode: 'merge',
  });
  const title = durable.values.title;
  const [error, setError] = useState<string | null>(null);
  const maxLength = useMaxLength(EXPLORATION_LIMITS.archiveTitle, {
    isOver: (text) => titleProblem(text) === 'tooLong',
  });
  const [save, call] = useCreateChatArchiveMutation();

  const submit = async () => {
    if (titleProblem(title)) {
      setError(t('exploration:errors.titleTooLong'));
      return;
    }
    const trimmed = title.trim();
    const result = await save({
      gameId,
      chatArchiveBody: trimmed ? { title: trimmed } : {},
    });
    if ('error' in result) {
      setError(errorText('createChatArchive', result.error, t));
      return;
    }
    durable.saved(NO_TITLE);
    dispatch(toastShown({ msg: t('exploration:savePoints.saved', { title: result.data.title }) }));
    onClose();
  };

  const submitting = useOnceFormSubmit(submit);

  return (
    <Dialog
      title={t('exploration:savePoints.saveTitle')}
      onClose={onClose}
      size="sm"
      dirty={durable.dirty}
      onDiscard={durable.revert}
      footer={
        <>
          <DialogCancel className="button">{t('common:actions.cancel')}</DialogCancel>
          <button
            type="submit"
            form="chat-save-form"
            className="button button--primary"
            disabled={call.isLoading || submitting.busy}
            aria-busy={submitting.busy}
          >
            {t('exploration:savePoints.save')}
          </button>
        </>
      }
    >
      <form id="chat-save-form" onSubmit={submitting.onSubmit}>
        <Field
          label={t('exploration:savePoints.titleLabel')}
          hint={t('exploration:savePoints.titleHint', { max: EXPLORATION_LIMITS.archiveTitle })}
          error={error ?? maxLength.message}
        >
          {(control) => (
            <input
              {...control}
              ref={maxLength.ref}
              value={title}
              data-autofocus
              onChange={(event) => {
                durable.set('title', event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
