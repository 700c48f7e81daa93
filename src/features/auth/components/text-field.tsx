import { type ComponentProps, type ReactNode, type Ref } from 'react';
import { Field } from '@/components/ui/field/field';
import { useTranslation } from 'react-i18next';
import { CALLCODES } from '../model/phone';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Controls sharing the row with the input: a calling-code select before, a send button after. */
  before?: ReactNode;
  after?: ReactNode;
}

/** A labelled input of the login forms, with controls sharing its row and its error. */
export function TextField({ label, error, hint, before, after, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <div className="field__row">
          {before}
          <input {...input} {...control} />
          {after}
        </div>
      )}
    </Field>
  );
}

/**
 * A phone number with its calling-code select in front (phone login, forced phone binding).
 * The number and the calling code are the caller's state; the strings its namespace's.
 */
export function PhoneField({
  label,
  callcodeLabel,
  placeholder,
  phone,
  onPhoneChange,
  callcode,
  onCallcodeChange,
  error,
}: {
  label: string;
  callcodeLabel: string;
  placeholder: string;
  phone: string;
  onPhoneChange: (phone: string) => void;
  callcode: string;
  onCallcodeChange: (callcode: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label={label}
      data-autofocus
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={placeholder}
      value={phone}
      onChange={(e) => onPhoneChange(e.target.value)}
      error={error}
      before={
        <select
          aria-label={callcodeLabel}
          value={callcode}
          onChange={(e) => onCallcodeChange(e.target.value)}
        >
          {CALLCODES.map((c) => (
            <option key={c} value={c}>
              +{c}
            </option>
          ))}
        </select>
      }
    />
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

interface ValueFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The e-mail field of the login, creation and reset forms (first in each: it takes focus). */
export function EmailField({ value, onChange, error }: ValueFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('auth:email')}
      data-autofocus
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder={t('auth:emailPlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** The verification-code field (digits only) with its send button and resend countdown. */
export function CodeField({
  value,
  onChange,
  error,
  secondsLeft,
  busy,
  onSend,
}: ValueFieldProps & { secondsLeft: number; busy: boolean; onSend: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('auth:code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('auth:codePlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error}
      after={<SendCodeButton secondsLeft={secondsLeft} busy={busy} onClick={onSend} />}
    />
  );
}

/** A new password and its repeat (account creation, reset), with the password rule as hint. */
export function NewPasswordFields({
  label,
  password,
  repeat,
  onPassword,
  onRepeat,
  errors,
  passwordRef,
}: {
  label: string;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  errors: { password?: string | undefined; repeat?: string | undefined };
  passwordRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={label}
        ref={passwordRef}
        type="password"
        autoComplete="new-password"
        hint={t('auth:passwordHint')}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        label={t('auth:repeatPassword')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => onRepeat(e.target.value)}
        error={errors.repeat}
      />
    </>
  );
}

/** "Send code", or the countdown to the next allowed send (spec 1 §5: every 60 s). */
function SendCodeButton({
  secondsLeft,
  busy,
  onClick,
}: {
  secondsLeft: number;
  busy: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="button login-dialog__send"
      disabled={secondsLeft > 0 || busy}
      onClick={onClick}
    >
      {secondsLeft > 0 ? t('auth:resendIn', { seconds: secondsLeft }) : t('auth:sendCode')}
    </button>
  );
}
