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

  // `news` is the phase's own text, in a status region that stays in place from phase to
  // phase, so each change is announced; the pending countdown is told there only at each
  // minute mark (its visible clock, outside the region, moves every second).
  let news: ReactNode = null;
  let body: ReactNode = null;
  switch (state.phase) {
    case 'creating':
      news = <p className="pay-progress__note">{t('pay.creating')}</p>;
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
    case 'pending': {
      const left = secondsLeft(state.payment, now);
      news = t('pay.expiresIn', { time: clockText(Math.ceil(left / 60) * 60) });
      body = (
        <>
          {children}
          <p className="pay-progress__note pay-progress__left">
            {t('pay.expiresIn', { time: clockText(left) })}
          </p>
        </>
      );
      break;
    }
    case 'expired':
      news = <p className="pay-progress__end">{t('pay.expired')}</p>;
      body = (
        <button type="button" className="button button--primary" onClick={refresh}>
          {t('pay.refresh')}
        </button>
      );
      break;
    case 'cancelled':
      news = <p className="pay-progress__end">{t('pay.cancelled')}</p>;
      body = (
        <button type="button" className="button button--primary" onClick={refresh}>
          {t('pay.again')}
        </button>
      );
      break;
    case 'paid':
      news = (
        <p className="pay-progress__paid">
          {purchase.productType === 'pack'
            ? t('pay.paidPack', { power: formatCount(purchase.power, lang) })
            : t('pay.paidVip')}
        </p>
      );
      break;
  }

  return (
    <div className="pay-progress" data-phase={state.phase}>
      {/* One element in every phase (only its class changes), so it stays the same live
          region; unseen while it only tells the time left, or nothing. */}
      <div
        role="status"
        className={state.phase === 'pending' || news === null ? 'visually-hidden' : undefined}
      >
        {news}
      </div>
      {body}
    </div>
  );
}
