import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useLoginWithEmailMutation } from '@/api/account';
import { selectUid } from '@/core/session-slice';
import { isValidEmail, normaliseEmail } from '../model/email';
import { hashPassword, isValidPassword } from '../model/password';
import { EmailField, FormError, TextField } from './text-field';
import { placeError, type FieldErrors } from './place-error';
import { useFinishLogin } from './use-finish-login';
import { useOnceFormSubmit } from '@/lib/use-once-submit';

/** E-mail + password (spec 1 §7 email_login type login); the password goes out as MD5. */
export function EmailLoginForm({
  initialEmail = '',
  onLoggedIn,
  onForgotPassword,
  onCreateAccount,
}: {
  initialEmail?: string;
  onLoggedIn: () => void;
  onForgotPassword: (email: string) => void;
  onCreateAccount: (email: string) => void;
}) {
  const { t } = useTranslation('auth');
  const uid = useSelector(selectUid);
  const finish = useFinishLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [login, loginState] = useLoginWithEmailMutation();

  async function onSubmit() {
    const next: FieldErrors = {};
    if (!isValidEmail(email)) next.email = t('auth:validation.emailInvalid');
    if (!password) next.password = t('auth:validation.passwordEmpty');
    else if (!isValidPassword(password)) next.password = t('auth:validation.passwordInvalid');
    setErrors(next);
    if (next.email || next.password) return;
    try {
      const user = await login({
        emailLoginBody: {
          email: normaliseEmail(email),
          pwd: hashPassword(password),
          uid: uid ?? '',
          type: 'login',
          validate: '',
          captcha_id: '',
        },
      }).unwrap();
      finish(user, 'email');
      onLoggedIn();
    } catch (error) {
      setErrors(placeError('loginWithEmail', error, t));
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);

  return (
    <form noValidate onSubmit={submitting.onSubmit} className="login-dialog__form">
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <TextField
        label={t('auth:password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('auth:passwordPlaceholder')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <FormError message={errors.form} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={loginState.isLoading || submitting.busy}
        aria-busy={submitting.busy}
      >
        {t('auth:submit')}
      </button>
      <div className="login-dialog__links">
        <button
          type="button"
          className="login-dialog__link"
          onClick={() => onForgotPassword(email)}
        >
          {t('auth:forgotPassword')}
        </button>
        <button type="button" className="login-dialog__link" onClick={() => onCreateAccount(email)}>
          {t('auth:createAccount')}
        </button>
      </div>
    </form>
  );
}
