import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentErrorText } from '@/api/payment';
import { clock } from '@/lib/clock';
import { formatCount } from '@/lib/number-format';
import { secondsLeft, type PaymentState } from '../model/payment-machine';
import type { Purchase } from '../model/purchase';

function useNowMs(active: boolean): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!active) return;
    const timer = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => clock.clearInterval(timer);
  }, [active]);
  return now;
}

function clockText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * What a pay dialog shows for each phase of its payment: creating, a failure with a retry,
 * the pending payment (`children`: the QR or the page link) with the time left, and a clear
 * end for paid, expired (refresh) and cancelled (try again).
 */
export function PaymentProgress({
  state,
  purchase,
  refresh,
  endpoint,
  children,
}: {
  state: PaymentState;
  purchase: Purchase;
  refresh: () => void;
  endpoint: 'createOrder' | 'createPrepay';
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const now = useNowMs(state.phase === 'pending');

  let body: ReactNode;
  switch (state.phase) {
    case 'creating':
      body = <p className="pay-progress__note">{t('pay.creating')}</p>;
      break;
    case 'failed':
      body = (
        <>
          <p className="pay-progress__error" role="alert">
            {state.payment
              ? paymentErrorText(
                  state.payment.kind === 'order' ? 'getOrderStatus' : 'getPrepayStatus',
                  state.error,
                  t,
                )
              : paymentErrorText(endpoint, state.error, t)}
          </p>
          <button type="button" className="button button--primary" onClick={refresh}>
            {t('pay.retry')}
          </button>
        </>
      );
      break;
    case 'pending':
      body = (
        <>
          {children}
          <p className="pay-progress__note">
            {t('pay.expiresIn', { time: clockText(secondsLeft(state.payment, now)) })}
          </p>
        </>
      );
      break;
    case 'expired':
      body = (
        <>
          <p className="pay-progress__end">{t('pay.expired')}</p>
          <button type="button" className="button button--primary" onClick={refresh}>
            {t('pay.refresh')}
          </button>
        </>
      );
      break;
    case 'cancelled':
      body = (
        <>
          <p className="pay-progress__end">{t('pay.cancelled')}</p>
          <button type="button" className="button button--primary" onClick={refresh}>
            {t('pay.again')}
          </button>
        </>
      );
      break;
    case 'paid':
      body = (
        <p className="pay-progress__paid">
          {purchase.productType === 'pack'
            ? t('pay.paidPack', { power: formatCount(purchase.power, lang) })
            : t('pay.paidVip')}
        </p>
      );
      break;
  }

  return (
    <div className="pay-progress" aria-live="polite" data-phase={state.phase}>
      {body}
    </div>
  );
}
