import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetDailyAllowanceQuery, useSubscriptionProductsQuery } from '@/api/payment';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { paths } from '@/config/paths';
import { storage } from '@/lib/storage';
import { retentionOffer } from '../model/products';
import { subscriptionPurchase } from '../model/purchase';
import {
  checkinTipDue,
  markCheckinTip,
  recordRetentionStage,
  retentionDue,
  runTip,
  tabSessionId,
} from '../model/retention';
import './membership.css';

/**
 * What the Novels page offers after its first screen (mounted lazily by the dashboard layout,
 * logged in only): the retention pop-up once per session when a promotional product exists
 * (spec 2 §2), the retention tip for 5 s after leaving it, and the check-in tip (today's
 * allowance unclaimed) once per session for 5 s.
 */
export default function NovelsOffers() {
  const { t } = useTranslation('membership');
  const products = useSubscriptionProductsQuery({ choosePromotion: true });
  const allowance = useGetDailyAllowanceQuery();
  const [tip, setTip] = useState<'retention' | 'checkin' | null>(null);
  const session = useRef(tabSessionId()).current;
  const cancelTip = useRef<(() => void) | null>(null);

  const showTip = (which: 'retention' | 'checkin') => {
    cancelTip.current?.();
    cancelTip.current = runTip(
      () => setTip(which),
      () => setTip((now) => (now === which ? null : now)),
    );
  };
  useEffect(() => () => cancelTip.current?.(), []);

  const offer = products.data ? retentionOffer(products.data.data) : null;
  const productsKnown = products.isSuccess;
  useEffect(() => {
    if (!productsKnown || !retentionDue(storage, session, Boolean(offer))) return;
    recordRetentionStage(storage, session, 1);
    openDialog('retention', {
      purchase: subscriptionPurchase(offer!, 'retention'),
      session,
      onLeave: () => showTip('retention'),
    });
    // Once per session: the decision is taken when the products first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productsKnown]);

  const claimed = allowance.data?.claimed;
  useEffect(() => {
    if (claimed === undefined || !checkinTipDue(storage, claimed)) return;
    markCheckinTip(storage);
    showTip('checkin');
  }, [claimed]);

  if (!tip) return null;
  return (
    <div className="money-tip" role="status">
      {tip === 'retention' ? t('retention.tip') : t('allowance.tip')}{' '}
      <Link to={paths.dashboard.vip.getHref()}>{t('tipLink')}</Link>
    </div>
  );
}
