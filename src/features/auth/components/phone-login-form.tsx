import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useLoginWithPhoneMutation, useSendPhoneCodeMutation } from '@/api/account';
import { isApiError } from '@/core/api-error';
import { selectUid } from '@/core/session-slice';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { retryAfterSeconds } from '../model/login-errors';
import { DEFAULT_CALLCODE, isValidCode, isValidPhone } from '../model/phone';
import { CodeField, FormError, PhoneField } from './text-field';
import { placeError, type FieldErrors } from './place-error';
import { useFinishLogin } from './use-finish-login';
import { useResendCountdown } from './use-resend-countdown';
import { useOnceFormSubmit, useOnceSubmit } from '@/lib/use-once-submit';

/**
 * Phone + SMS code (spec 1 §3, §7). No captcha provider is named by the spec, so the
 * captcha fields go out empty, as the contract allows.
 */
export function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation('auth');
  const dispatch = useDispatch();
  const uid = useSelector(selectUid);
  const finish = useFinishLogin();
  const [callcode, setCallcode] = useState<string>(DEFAULT_CALLCODE);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeid, setCodeid] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const countdown = useResendCountdown();
  const [sendCode, sendState] = useSendPhoneCodeMutation();
  const [login, loginState] = useLoginWithPhoneMutation();

  async function onSendCode() {
    if (!isValidPhone(phone, callcode)) {
      setErrors({ phone: t('auth:validation.phoneInvalid') });
      return;
    }
    setErrors({});
    try {
      const ticket = await sendCode({
        phoneCodeBody: {
          type: 'login',
          phone: phone.trim(),
          callcode,
          uid: uid ?? '',
          validate: '',
          captcha_id: '',
        },
      }).unwrap();
      setCodeid(ticket.codeid);
      countdown.started();
      dispatch(toastShown({ msg: t('auth:codeSent') }));
    } catch (error) {
      const wait =
        isApiError(error) && error.code === 42901 ? retryAfterSeconds(error.content) : null;
      if (wait) countdown.started(wait);
      setErrors(placeError('sendPhoneCode', error, t));
    }
  }

  async function onSubmit() {
    const next: FieldErrors = {};
    if (!isValidPhone(phone, callcode)) next.phone = t('auth:validation.phoneInvalid');
    if (!isValidCode(code)) next.code = t('auth:validation.codeInvalid');
    else if (!codeid) next.code = t('auth:validation.codeNotSent');
    setErrors(next);
    if (next.phone || next.code || !codeid) return;
    try {
      const user = await login({
        phoneLoginBody: {
          phone: phone.trim(),
          code: code.trim(),
          codeid,
          uid: uid ?? '',
          callcode,
        },
      }).unwrap();
      finish(user, 'phone');
      onLoggedIn();
    } catch (error) {
      setErrors(placeError('loginWithPhone', error, t));
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);
  const sending = useOnceSubmit(onSendCode);

  return (
    <form noValidate onSubmit={submitting.onSubmit} className="login-dialog__form">
      <PhoneField
        label={t('auth:phone')}
        callcodeLabel={t('auth:callcode')}
        placeholder={t('auth:phonePlaceholder')}
        phone={phone}
        onPhoneChange={setPhone}
        callcode={callcode}
        onCallcodeChange={setCallcode}
        error={errors.phone}
      />
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        secondsLeft={countdown.secondsLeft}
        busy={sendState.isLoading || sending.busy}
        onSend={() => void sending.run()}
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
    </form>
  );
}
