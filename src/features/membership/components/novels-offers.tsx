import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useGetDailyAllowanceQuery,
  useSubscriptionProductsQuery,
  useSubscriptionStatusQuery,
} from '@/api/payment';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { paths } from '@/config/paths';
import { storage } from '@/lib/storage';
import { useServerNowS } from '@/session/use-server-now';
import { retentionOffer } from '../model/products';
import { subscriptionPurchase } from '../model/purchase';
import {
  checkinTipDue,
  markCheckinTip,
  retentionDue,
  runTip,
  tabSessionId,
} from '../model/retention';
import { isVip } from '../model/user-type';
import './membership.css';

/**
 * What the Novels page offers after its first screen (mounted lazily by the dashboard layout,
 * logged in only): the retention pop-up once per session when a promotional product exists
 * (spec 2 §2), the retention tip for 5 s after leaving it, and the check-in tip (today's
 * allowance unclaimed) once per session for 5 s. Members are never offered the pop-up. All
 * three are prompts of the dialog store: each waits while a dialog is open (a ban, a forced
 * bind-phone, a confirmation) and they show one at a time; leaving the page gives up those
 * still waiting.
 */
export default function NovelsOffers() {
  const { t } = useTranslation('membership');
  const products = useSubscriptionProductsQuery({ choosePromotion: true });
  const allowance = useGetDailyAllowanceQuery();
  const status = useSubscriptionStatusQuery();
  const nowS = useServerNowS(status.data ? [status.data.effectTime, status.data.expiresTime] : []);
  const [tip, setTip] = useState<'retention' | 'checkin' | null>(null);
  const session = useRef(tabSessionId()).current;
  /** Prompts of this page in the dialog store (waiting or shown), each with its tip's timer. */
  const asked = useRef(new Map<number, () => void>());

  const showTip = (which: 'retention' | 'checkin', onShow?: () => void) => {
    // `prompt` may show it at once, before it has returned the id.
    let id = 0;
    let cancel = () => {};
    const shown = () => {
      onShow?.();
      cancel = runTip(
        () => setTip(which),
        () => {
          setTip((now) => (now === which ? null : now));
          asked.current.delete(id);
          dialogStore.close(id);
        },
      );
    };
    id = dialogStore.prompt(shown);
    asked.current.set(id, () => cancel());
  };
  useEffect(
    () => () => {
      for (const [id, cancel] of asked.current) {
        cancel();
        dialogStore.close(id);
      }
    },
    [],
  );

  const offer = products.data ? retentionOffer(products.data.data) : null;
  const productsKnown = products.isSuccess;
  const statusKnown = status.isSuccess;
  useEffect(() => {
    if (!productsKnown || !statusKnown || !retentionDue(storage, session, Boolean(offer))) return;
    // A member is never offered the first-month offer (judged on the server's clock).
    if (isVip(status.data, nowS)) return;
    const id = dialogStore.open('retention', {
      purchase: subscriptionPurchase(offer!, 'retention'),
      session,
      onLeave: () => showTip('retention'),
    });
    asked.current.set(id, () => {});
    // Once per session: the decision is taken when the products and the status first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productsKnown, statusKnown]);

  const claimed = allowance.data?.claimed;
  useEffect(() => {
    if (claimed === undefined || !checkinTipDue(storage, claimed)) return;
    showTip('checkin', () => markCheckinTip(storage));
  }, [claimed]);

  if (!tip) return null;
  return (
    <div className="money-tip" role="status">
      {tip === 'retention' ? t('retention.tip') : t('allowance.tip')}{' '}
      <Link to={paths.dashboard.vip.getHref()}>{t('tipLink')}</Link>
    </div>
  );
}
