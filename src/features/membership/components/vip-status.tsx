import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  PAYMENT_BID,
  paymentErrorText,
  useCancelSubscriptionMutation,
  useSubscriptionStatusQuery,
} from '@/api/payment';
import { formatExpiry } from '@/components/power/power-breakdown';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { selectUid } from '@/core/session-slice';
import { useServerNowS } from '@/session/use-server-now';
import { userType } from '../model/user-type';

/**
 * My membership (spec 2 §3, §4): the user type (free, vip_nosub, vip_sub) from viptype and
 * [effectTime, expiresTime), the end date, the next renewal, and cancelling auto-renew (asked
 * first): the membership stays until its end and the type becomes vip_nosub.
 */
export function VipStatusCard() {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const uid = useSelector(selectUid) ?? '';
  const status = useSubscriptionStatusQuery();
  // Judged on the server's clock (the time service's offset), again when it passes the start
  // or the end: a device clock that is off never makes a member free or a lapsed one a member.
  const nowS = useServerNowS(status.data ? [status.data.effectTime, status.data.expiresTime] : []);
  const [cancel] = useCancelSubscriptionMutation();
  const [asking, setAsking] = useState(false);
  const type = userType(status.data, nowS);

  let body;
  if (status.isLoading) body = <p className="money-card__note">{t('vip.statusLoading')}</p>;
  else if (!status.data)
    body = (
      <>
        <p className="money-card__note" role="alert">
          {paymentErrorText('getSubscriptionStatus', status.error, t)}
        </p>
        <button type="button" className="button" onClick={() => void status.refetch()}>
          {t('pay.retry')}
        </button>
      </>
    );
  else {
    const s = status.data;
    body = (
      <>
        <p className="vip-status__type" data-user-type={type}>
          {t(`vip.type.${type}`)}
        </p>
        {type !== 'free' ? (
          <p className="money-card__note">
            {t('vip.until', { date: formatExpiry(s.expiresTime, lang) })}
          </p>
        ) : (
          <p className="money-card__note">{t('vip.freeNote')}</p>
        )}
        {type === 'vip_sub' ? (
          <>
            <p className="money-card__note">
              {t('vip.renewsOn', { date: formatExpiry(s.autoRenewTime || s.expiresTime, lang) })}
            </p>
            <button type="button" className="button" onClick={() => setAsking(true)}>
              {t('vip.cancel')}
            </button>
          </>
        ) : null}
      </>
    );
  }

  return (
    <section className="money-card" aria-labelledby="vip-status-heading">
      <h2 id="vip-status-heading">{t('vip.statusHeading')}</h2>
      {body}
      {asking ? (
        <ConfirmDialog
          heading={t('vip.cancelHeading')}
          text={t('vip.cancelText')}
          confirmLabel={t('vip.cancelConfirm')}
          onConfirm={() =>
            cancel({
              cancelSubscriptionBody: { bid: PAYMENT_BID, uid, channel: 'web', type: 'auto_renew' },
            }).unwrap()
          }
          onClose={() => setAsking(false)}
        />
      ) : null}
    </section>
  );
}
