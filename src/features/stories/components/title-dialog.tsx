import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-messages';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import { Field } from '@/components/ui/field/field';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { useDurableText } from '@/lib/use-durable-text';
import { stripBidiControls } from '@/rules/display-text';
import { countText } from '@/rules/text-count';
import { cleanTitle, TITLE_MAX, titleProblem } from '@/rules/titles';
import { selectUid } from '@/session/session-slice';

export interface TitleDialogProps {
  /** Dialog title, field label and submit text. */
  heading: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /**
   * What is being named, for the typed text's durable copy: `story:new`, `story:<id>`,
   * `chapter:<storyId>:new`, `chapter:<storyId>:<chapterId>`.
   */
  draftOf: string;
  /** The call's operation id, to resolve the server's error message. */
  endpoint: string;
  /** Sends the cleaned value (`cleanTitle`); rejects with the API error when refused. */
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Names a story or chapter (create or rename). Checks the value as the server does before
 * sending; a refused name keeps the dialog open with the message at the field. What is typed
 * is durable text (`useDurableText`): after a reload, a crash or a closed dialog, opening it
 * again on the same story or chapter offers it back.
 */
export function TitleDialog({
  heading,
  label,
  submitLabel,
  initial = '',
  draftOf,
  endpoint,
  onSubmit,
  onClose,
}: TitleDialogProps) {
  const { t } = useTranslation();
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `title:${uid}:${draftOf}` : null, { title: initial });
  const value = durable.values.title;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const maxLength = useMaxLength(TITLE_MAX);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = titleProblem(value);
    if (problem) {
      setError(t(`stories:list.title.${problem}`, { max: TITLE_MAX }));
      return;
    }
    setBusy(true);
    try {
      const title = cleanTitle(value);
      await onSubmit(title);
      durable.saved({ title });
      onClose();
    } catch (err) {
      setError(errorText(endpoint, isApiError(err) ? err : null, t));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={heading}
      onClose={onClose}
      size="sm"
      dirty={durable.dirty}
      onDiscard={durable.revert}
    >
      <form onSubmit={submit} noValidate className="stories-form">
        <DraftOffer draft={durable} />
        <Field
          label={label}
          error={error ?? maxLength.message}
          hint={t('common:maxLength.counter', { count: countText(value), max: TITLE_MAX })}
        >
          {(control) => (
            <input
              {...control}
              ref={maxLength.ref}
              data-autofocus
              value={value}
              onChange={(e) => {
                durable.set('title', stripBidiControls(e.target.value));
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="stories-form__actions">
          <DialogCancel className="button">{t('common:actions.cancel')}</DialogCancel>
          <button type="submit" className="button button--primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
