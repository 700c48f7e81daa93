import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { useUnsavedInDialog } from '@/components/ui/dialog/dialog-close';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { useDurableText } from '@/lib/use-durable-text';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { stripBidiControls } from '@/rules/display-text';
import { countText } from '@/rules/text-count';
import { cleanTitle, TITLE_MAX, titleProblem } from '@/rules/titles';
import { selectUid } from '@/core/session-slice';

export interface TitleFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  /**
   * What is being named, for the typed text's durable copy: `story:new`, `story:<id>`,
   * `chapter:<storyId>:new`, `chapter:<storyId>:<chapterId>`. A name typed in any form for
   * the same object comes back in any other.
   */
  draftOf: string;
  /** The call's operation id, to resolve the server's error message. */
  endpoint: string;
  /** Sends the cleaned value (`cleanTitle`); rejects with the API error when refused. */
  onSubmit: (value: string) => Promise<unknown>;
  /** After the server took the title (and its kept copy went). */
  onDone?: () => void;
  /** The cancel button: closes the enclosing dialog (`DialogCancel`) or the inline form. */
  cancel: ReactNode;
  /** The form and its row of buttons, as the screen lays them out. */
  className: string;
  actionsClassName: string;
  /** `mount`: the field takes the keyboard when the form appears inside an open dialog. */
  focus?: 'dialog' | 'mount';
}

/**
 * A story title or chapter name (create or rename), wherever it is typed: checked as the
 * server checks it (`rules/titles.ts`) before sending, counted as typed, sent once however
 * often it is submitted. A refused name stays with the message at the field. What is typed is
 * durable text (`useDurableText`): after a reload, a crash or a closed form, the form opened
 * again on the same object offers it back; its dialog asks before it closes on unsaved text.
 */
export function TitleForm({
  label,
  submitLabel,
  initial = '',
  draftOf,
  endpoint,
  onSubmit,
  onDone,
  cancel,
  className,
  actionsClassName,
  focus = 'dialog',
}: TitleFormProps) {
  const { t } = useTranslation();
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `title:${uid}:${draftOf}` : null, { title: initial });
  const value = durable.values.title;
  const [error, setError] = useState<string | null>(null);
  const maxLength = useMaxLength(TITLE_MAX);
  useUnsavedInDialog(durable.dirty, durable.revert);

  const submitting = useOnceFormSubmit(async () => {
    const problem = titleProblem(value);
    if (problem) {
      setError(t(`stories:list.title.${problem}`, { max: TITLE_MAX }));
      return;
    }
    try {
      const title = cleanTitle(value);
      await onSubmit(title);
      durable.saved({ title });
      onDone?.();
    } catch (err) {
      setError(errorText(endpoint, isApiError(err) ? err : null, t));
    }
  });

  return (
    <form className={className} onSubmit={submitting.onSubmit} noValidate>
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
            {...(focus === 'mount' ? { autoFocus: true } : { 'data-autofocus': true })}
            value={value}
            onChange={(e) => {
              durable.set('title', stripBidiControls(e.target.value));
              setError(null);
            }}
          />
        )}
      </Field>
      <div className={actionsClassName}>
        {cancel}
        <button
          type="submit"
          className="button button--primary"
          disabled={submitting.busy}
          aria-busy={submitting.busy}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
