import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useSendEmailCodeMutation } from '@/api/account';
import { isApiError } from '@/core/api-error';
import { selectUid } from '@/core/session-slice';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { isValidEmail, normaliseEmail } from '../model/email';
import { retryAfterSeconds } from '../model/login-errors';
import { placeError, type FieldErrors } from './place-error';
import { useResendCountdown } from './use-resend-countdown';

/**
 * Sending an e-mail code for account creation or a password reset (spec 1 §7
 * email_message): the code's id, the 60 s countdown, and the errors to show.
 */
export function useEmailCode(purpose: 'create' | 'reset') {
  const { t } = useTranslation('auth');
  const dispatch = useDispatch();
  const uid = useSelector(selectUid);
  const [send, sendState] = useSendEmailCodeMutation();
  const [codeid, setCodeid] = useState<string | null>(null);
  const countdown = useResendCountdown();

  /** Sends a code to `email`; resolves to the errors to show (none when it was sent). */
  async function request(email: string): Promise<FieldErrors> {
    if (!isValidEmail(email)) return { email: t('auth:validation.emailInvalid') };
    try {
      const ticket = await send({
        emailCodeBody: { type: purpose, email: normaliseEmail(email), uid: uid ?? '' },
      }).unwrap();
      setCodeid(ticket.codeid);
      countdown.started();
      dispatch(toastShown({ msg: t('auth:codeSent') }));
      return {};
    } catch (error) {
      const wait =
        isApiError(error) && error.code === 42901 ? retryAfterSeconds(error.content) : null;
      if (wait) countdown.started(wait);
      return placeError('sendEmailCode', error, t);
    }
  }

  return { codeid, secondsLeft: countdown.secondsLeft, busy: sendState.isLoading, request };
}
