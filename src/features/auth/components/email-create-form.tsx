import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useConfirmEmailCodeMutation, useLoginWithEmailMutation } from '@/api/account';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { selectUid } from '@/core/session-slice';
import { isValidEmail, normaliseEmail } from '../model/email';
import { isValidCode } from '../model/phone';
import { hashPassword, newPasswordErrors } from '../model/password';
import { CodeField, EmailField, FormError, NewPasswordFields } from './text-field';
import { placeError, type FieldErrors } from './place-error';
import { useEmailCode } from './use-email-code';
import { useFinishLogin } from './use-finish-login';
import { useOnceFormSubmit, useOnceSubmit } from '@/lib/use-once-submit';

/**
 * The "e-mail-create" dialog of spec 1 §2, as a mode of the login dialog. Two steps, in the
 * order the backend wants them: prove the address (email_message type create, then
 * confirmed_code), then choose a password (email_login type create), which logs in.
 */
export function EmailCreateForm({
  initialEmail = '',
  onLoggedIn,
}: {
  initialEmail?: string;
  onLoggedIn: () => void;
}) {
  const { t } = useTranslation('auth');
  const uid = useSelector(selectUid);
  const finish = useFinishLogin();
  const emailCode = useEmailCode('create');
  const [step, setStep] = useState<'code' | 'password'>('code');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirm, confirmState] = useConfirmEmailCodeMutation();
  const [create, createState] = useLoginWithEmailMutation();
  const passwordRef = useRef<HTMLInputElement>(null);

  // The confirm button that had focus is gone with step 1: focus the next thing to fill in.
  useEffect(() => {
    if (step === 'password') passwordRef.current?.focus();
  }, [step]);

  async function onSendCode() {
    setErrors(await emailCode.request(email));
  }

  async function onConfirm() {
    const next: FieldErrors = {};
    if (!isValidEmail(email)) next.email = t('auth:validation.emailInvalid');
    if (!isValidCode(code)) next.code = t('auth:validation.codeInvalid');
    else if (!emailCode.codeid) next.code = t('auth:validation.codeNotSent');
    setErrors(next);
    if (next.email || next.code || !emailCode.codeid) return;
    try {
      await confirm({
        confirmCodeBody: {
          code: code.trim(),
          code_id: emailCode.codeid,
          uid: uid ?? '',
          email: normaliseEmail(email),
        },
      }).unwrap();
      setStep('password');
    } catch (error) {
      setErrors(placeError('confirmEmailCode', error, t));
    }
  }

  async function onCreate() {
    const next: FieldErrors = newPasswordErrors(password, repeat, t);
    setErrors(next);
    if (next.password || next.repeat) return;
    try {
      const user = await create({
        emailLoginBody: {
          email: normaliseEmail(email),
          pwd: hashPassword(password),
          uid: uid ?? '',
          type: 'create',
          validate: '',
          captcha_id: '',
        },
      }).unwrap();
      finish(user, 'email');
      onLoggedIn();
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      // The generic meanings of these codes would mislead here: 42200 is the unconfirmed
      // address (the confirmation lapsed), 40101 an address that already has an account.
      if (code === 42200) {
        setStep('code');
        setErrors({ code: t('auth:errors.emailNotConfirmed') });
      } else if (code === 40101) {
        setErrors({ form: t('auth:errors.emailTaken') });
      } else {
        setErrors({ form: errorText('loginWithEmail', error, t) });
      }
    }
  }

  const confirming = useOnceFormSubmit(onConfirm);
  const creating = useOnceFormSubmit(onCreate);
  const sending = useOnceSubmit(onSendCode);

  function changeEmail() {
    setStep('code');
    setCode('');
    setPassword('');
    setRepeat('');
    setErrors({});
  }

  if (step === 'code') {
    return (
      <form noValidate onSubmit={confirming.onSubmit} className="login-dialog__form">
        <p className="login-dialog__step">{t('auth:create.stepCode')}</p>
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <CodeField
          value={code}
          onChange={setCode}
          error={errors.code}
          secondsLeft={emailCode.secondsLeft}
          busy={emailCode.busy || sending.busy}
          onSend={() => void sending.run()}
        />
        <FormError message={errors.form} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={confirmState.isLoading || confirming.busy}
          aria-busy={confirming.busy}
        >
          {t('auth:create.next')}
        </button>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={creating.onSubmit} className="login-dialog__form">
      <p className="login-dialog__step">
        {t('auth:create.stepPassword', { email: normaliseEmail(email) })}
      </p>
      <NewPasswordFields
        label={t('auth:password')}
        passwordRef={passwordRef}
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
        disabled={createState.isLoading || creating.busy}
        aria-busy={creating.busy}
      >
        {t('auth:create.submit')}
      </button>
      <div className="login-dialog__links">
        <button type="button" className="login-dialog__link" onClick={changeEmail}>
          {t('auth:create.changeEmail')}
        </button>
      </div>
    </form>
  );
}
