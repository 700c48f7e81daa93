import { useId, type ComponentProps, type ReactNode } from 'react';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Controls sharing the row with the input: a calling-code select before, a send button after. */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * A labelled input of the login forms with its error wired the way the codebase wants bad
 * input shown: aria-invalid, aria-describedby and a role=alert text under the field.
 */
export function TextField({ label, error, hint, before, after, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        {before}
        <input
          {...input}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {after}
      </div>
      {hint ? (
        <span id={hintId} className="field__hint">
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

/** A message for the whole form (connectivity, server trouble): not tied to one field. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field__error login-dialog__form-error" role="alert">
      {message}
    </p>
  );
}
