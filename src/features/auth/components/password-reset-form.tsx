import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useResetPasswordMutation } from '@/api/account';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { isValidEmail, normaliseEmail } from '../model/email';
import { isValidCode } from '../model/phone';
import { hashPassword, newPasswordErrors } from '../model/password';
import { CodeField, EmailField, FormError, NewPasswordFields } from './text-field';
import { placeError, type FieldErrors } from './place-error';
import { useEmailCode } from './use-email-code';
import { useOnceFormSubmit, useOnceSubmit } from '@/lib/use-once-submit';

/**
 * Password reset (spec 1 §7 reset_pwd): an e-mail code and the new password in one form.
 * The call returns no tokens, so it ends back at e-mail login with the address filled in.
 */
export function PasswordResetForm({
  initialEmail = '',
  onReset,
}: {
  initialEmail?: string;
  onReset: (email: string) => void;
}) {
  const { t } = useTranslation('auth');
  const dispatch = useDispatch();
  const emailCode = useEmailCode('reset');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [reset, resetState] = useResetPasswordMutation();

  async function onSendCode() {
    setErrors(await emailCode.request(email));
  }

  async function onSubmit() {
    const next: FieldErrors = {};
    if (!isValidEmail(email)) next.email = t('auth:validation.emailInvalid');
    if (!isValidCode(code)) next.code = t('auth:validation.codeInvalid');
    else if (!emailCode.codeid) next.code = t('auth:validation.codeNotSent');
    Object.assign(next, newPasswordErrors(password, repeat, t));
    setErrors(next);
    if (Object.keys(next).length > 0 || !emailCode.codeid) return;
    try {
      await reset({
        resetPasswordBody: {
          email: normaliseEmail(email),
          pwd: hashPassword(password),
          code: code.trim(),
          code_id: emailCode.codeid,
        },
      }).unwrap();
      dispatch(toastShown({ msg: t('auth:reset.done') }));
      onReset(normaliseEmail(email));
    } catch (error) {
      setErrors(placeError('resetPassword', error, t));
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);
  const sending = useOnceSubmit(onSendCode);

  return (
    <form noValidate onSubmit={submitting.onSubmit} className="login-dialog__form">
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        secondsLeft={emailCode.secondsLeft}
        busy={emailCode.busy || sending.busy}
        onSend={() => void sending.run()}
      />
      <NewPasswordFields
        label={t('auth:newPassword')}
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={errors}
      />
      <FormError message={errors.form} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={resetState.isLoading || submitting.busy}
        aria-busy={submitting.busy}
      >
        {t('auth:reset.submit')}
      </button>
    </form>
  );
}
