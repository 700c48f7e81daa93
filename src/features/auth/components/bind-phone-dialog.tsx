import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useBindPhoneMutation, useSendPhoneCodeMutation } from '@/api/account';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { selectUid } from '@/core/session-slice';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { logOut } from '@/session/logout';
import { DEFAULT_CALLCODE, isValidCode, isValidPhone } from '../model/phone';
import { CodeField, PhoneField } from './text-field';
import { useResendCountdown } from './use-resend-countdown';
import './bind-phone-dialog.css';
import { useOnceFormSubmit, useOnceSubmit } from '@/lib/use-once-submit';

type Errors = Partial<Record<'phone' | 'code' | 'form', string>>;

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    bindPhone: undefined;
  }
}

/**
 * The forced bind-phone dialog (spec 1 §6, spec 2 §4 bindphone): phone + code with a 60 s
 * resend, sent with forced_binding true. Esc and the backdrop do nothing; logging out is
 * the only other way out.
 */
export function BindPhoneDialog({ onClose }: HostedDialogProps) {
  const { t } = useTranslation('session');
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const uid = useSelector(selectUid) ?? '';
  const [callcode, setCallcode] = useState<string>(DEFAULT_CALLCODE);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState<{ codeid: string; phone: string; callcode: string } | null>(
    null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [sendCode, sendState] = useSendPhoneCodeMutation();
  const [bindPhone, bindState] = useBindPhoneMutation();
  const formErrorId = useId();

  const countdown = useResendCountdown();

  async function onSendCode() {
    const number = phone.trim();
    if (!isValidPhone(number, callcode)) {
      setErrors({ phone: t('bind.phoneInvalid') });
      return;
    }
    setErrors({});
    try {
      const answer = await sendCode({
        phoneCodeBody: { type: 'bind', phone: number, callcode, uid, validate: '', captcha_id: '' },
      }).unwrap();
      setTicket({ codeid: answer.codeid, phone: number, callcode });
      countdown.started();
      dispatch(toastShown({ msg: t('bind.codeSent') }));
    } catch (error) {
      setErrors({ phone: errorText('sendPhoneCode', error, t) });
    }
  }

  async function onSubmit() {
    const number = phone.trim();
    const next: Errors = {};
    if (!isValidPhone(number, callcode)) next.phone = t('bind.phoneInvalid');
    if (!isValidCode(code)) next.code = t('bind.codeInvalid');
    else if (!ticket || ticket.phone !== number || ticket.callcode !== callcode)
      next.code = t('bind.sendFirst');
    setErrors(next);
    if (next.phone || next.code || !ticket) return;
    try {
      await bindPhone({
        bindPhoneBody: {
          code: code.trim(),
          phone: number,
          uid,
          codeid: ticket.codeid,
          callcode,
          forced_binding: true,
        },
      }).unwrap();
      dispatch(toastShown({ msg: t('bind.bound') }));
      onClose();
    } catch (error) {
      const msg = errorText('bindPhone', error, t);
      // Code problems (422xx) belong to the code field, the rest to the form.
      setErrors(
        isApiError(error) && error.code !== null && String(error.code).startsWith('422')
          ? { code: msg }
          : { form: msg },
      );
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);
  const sending = useOnceSubmit(onSendCode);

  return (
    <Dialog
      title={t('bind.title')}
      onClose={onClose}
      dismissible={false}
      size="sm"
      className="bind-phone-dialog"
    >
      <p className="bind-phone-dialog__intro">{t('bind.intro')}</p>
      <form
        noValidate
        onSubmit={submitting.onSubmit}
        aria-describedby={errors.form ? formErrorId : undefined}
      >
        <PhoneField
          label={t('bind.phone')}
          callcodeLabel={t('bind.callcode')}
          placeholder={t('bind.phonePlaceholder')}
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
        {errors.form ? (
          <p id={formErrorId} className="field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={bindState.isLoading || submitting.busy}
          aria-busy={submitting.busy}
        >
          {t('bind.submit')}
        </button>
      </form>
      <button
        type="button"
        className="button button--block bind-phone-dialog__logout"
        onClick={() => {
          onClose();
          void logOut(dispatch);
        }}
      >
        {t('bind.logout')}
      </button>
    </Dialog>
  );
}
