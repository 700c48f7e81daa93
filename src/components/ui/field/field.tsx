import { useId, type ReactNode } from 'react';

/** What the control inside a field needs to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and its error, wired the way the codebase shows bad
 * input: aria-invalid, aria-describedby (hint and error) and a role=alert text under the
 * control. The control itself is the caller's (an input, a textarea, a row of controls).
 */
export function Field({
  label,
  error,
  hint,
  hintClassName,
  children,
}: {
  label: string;
  /** Translated message shown at the field. */
  error?: string | null | undefined;
  hint?: ReactNode;
  hintClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <span
          id={hintId}
          className={hintClassName ? `field__hint ${hintClassName}` : 'field__hint'}
        >
          {hint}
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
