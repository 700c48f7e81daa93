import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countText } from '@/lib/text-count';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Translated message shown at the field (aria-invalid + aria-describedby + role=alert). */
  error?: string | null;
  /** Shows "count / limit" with the shared text counter. */
  limit?: number;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  autoFocus?: boolean;
}

/** A labelled input or textarea with its counter and its error. */
export function TextField({
  label,
  value,
  onChange,
  error,
  limit,
  multiline,
  rows = 4,
  placeholder,
  autoFocus,
}: TextFieldProps) {
  const { t } = useTranslation('worlds');
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const described = [error ? errorId : null, limit ? countId : null].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'data-autofocus': autoFocus ? true : undefined,
  } as const;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {limit ? (
        <span id={countId} className="field__hint worlds-count">
          {t('worlds:count', { used: countText(value), limit })}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
