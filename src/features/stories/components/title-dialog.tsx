import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-messages';
import { Dialog } from '@/components/ui/dialog/dialog';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { stripBidiControls } from '@/rules/display-text';
import { countText } from '@/rules/text-count';
import { cleanTitle, TITLE_MAX, titleProblem } from '@/rules/titles';

export interface TitleDialogProps {
  /** Dialog title, field label and submit text. */
  heading: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** The call's operation id, to resolve the server's error message. */
  endpoint: string;
  /** Sends the cleaned value (`cleanTitle`); rejects with the API error when refused. */
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Names a story or chapter (create or rename). Checks the value as the server does before
 * sending; a refused name keeps the dialog open with the message at the field.
 */
export function TitleDialog({
  heading,
  label,
  submitLabel,
  initial = '',
  endpoint,
  onSubmit,
  onClose,
}: TitleDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
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
      await onSubmit(cleanTitle(value));
      onClose();
    } catch (err) {
      setError(errorText(endpoint, isApiError(err) ? err : null, t));
      setBusy(false);
    }
  };

  return (
    <Dialog title={heading} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate className="stories-form">
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
                setValue(stripBidiControls(e.target.value));
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="stories-form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
