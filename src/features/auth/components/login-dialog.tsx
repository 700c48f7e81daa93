import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginWithPhoneMutation, useSendPhoneCodeMutation } from '@/api/account';
import { credentialsReceived, selectUid } from '@/api/session-slice';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-messages';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-host';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { useDispatch, useSelector } from 'react-redux';
import { isValidCode, isValidPhone, resendSecondsLeft } from '../model/phone';

type Errors = Partial<Record<'phone' | 'code' | 'form', string>>;

/**
 * The login dialog (spec 1 §2: a popup, re-mounted each time, replacing any earlier one).
 * Phone + code; the captcha fields are sent as the contract wants them.
 */
export function LoginDialog({
  onClose,
  onSuccess,
}: HostedDialogProps & { onSuccess?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const uid = useSelector(selectUid);
  const [callcode, setCallcode] = useState('86');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeid, setCodeid] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [errors, setErrors] = useState<Errors>({});
  const [sendCode, sendState] = useSendPhoneCodeMutation();
  const [login, loginState] = useLoginWithPhoneMutation();
  const ids = {
    phone: useId(),
    code: useId(),
    phoneErr: useId(),
    codeErr: useId(),
    formErr: useId(),
  };

  const secondsLeft = resendSecondsLeft(sentAt, now);
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  async function onSendCode() {
    if (!isValidPhone(phone, callcode)) {
      setErrors({ phone: t('common:auth.phoneInvalid') });
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
      setSentAt(Date.now());
      setNow(Date.now());
      dispatch(toastShown({ msg: t('common:auth.codeSent') }));
    } catch (error) {
      setErrors({ phone: errorText('sendPhoneCode', error, t) });
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!isValidPhone(phone, callcode)) next.phone = t('common:auth.phoneInvalid');
    if (!isValidCode(code)) next.code = t('common:auth.codeInvalid');
    else if (!codeid) next.code = t('errors:auth.codeExpired');
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
      dispatch(
        credentialsReceived({
          uid: user.uid,
          access_token: user.access_token,
          refresh_token: user.refresh_token,
        }),
      );
      storage.set(STORAGE_KEYS.lastLogin, { method: 'phone', at: Date.now() });
      dispatch(toastShown({ msg: t('common:auth.loggedIn') }));
      onClose();
      onSuccess?.();
    } catch (error) {
      const msg = errorText('loginWithPhone', error, t);
      setErrors(
        isApiError(error) && error.code !== null && String(error.code).startsWith('422')
          ? { code: msg }
          : { form: msg },
      );
    }
  }

  return (
    <Dialog title={t('common:auth.loginTitle')} onClose={onClose} size="sm">
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-describedby={errors.form ? ids.formErr : undefined}
      >
        <div className="field">
          <label className="field__label" htmlFor={ids.phone}>
            {t('common:auth.phone')}
          </label>
          <div className="field__row">
            <select
              aria-label={t('common:auth.callcode')}
              value={callcode}
              onChange={(e) => setCallcode(e.target.value)}
            >
              <option value="86">+86</option>
              <option value="852">+852</option>
              <option value="853">+853</option>
              <option value="886">+886</option>
              <option value="1">+1</option>
              <option value="65">+65</option>
            </select>
            <input
              id={ids.phone}
              data-autofocus
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t('common:auth.phonePlaceholder')}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? ids.phoneErr : undefined}
            />
          </div>
          {errors.phone ? (
            <span id={ids.phoneErr} className="field__error" role="alert">
              {errors.phone}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.code}>
            {t('common:auth.code')}
          </label>
          <div className="field__row">
            <input
              id={ids.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('common:auth.codePlaceholder')}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? ids.codeErr : undefined}
            />
            <button
              type="button"
              className="button"
              disabled={secondsLeft > 0 || sendState.isLoading}
              onClick={() => void onSendCode()}
            >
              {secondsLeft > 0
                ? t('common:auth.resendIn', { seconds: secondsLeft })
                : t('common:auth.sendCode')}
            </button>
          </div>
          {errors.code ? (
            <span id={ids.codeErr} className="field__error" role="alert">
              {errors.code}
            </span>
          ) : null}
        </div>
        {errors.form ? (
          <p id={ids.formErr} className="field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={loginState.isLoading}
        >
          {t('common:auth.submit')}
        </button>
        <p className="field__hint">{t('common:auth.agreement')}</p>
      </form>
    </Dialog>
  );
}
