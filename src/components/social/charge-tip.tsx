import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock } from '@/lib/clock';
import { storage } from '@/lib/storage';
import { CHARGE_TIP_MS, markChargeTip } from './charge-tip-key';
import './charge-tip.css';

/**
 * The charge tip beside the tip button (its own chunk, loaded only when due): marks the key
 * when it shows and goes after 5 s. A polite status, so a screen reader hears it once.
 */
export default function ChargeTip({ ms = CHARGE_TIP_MS }: { ms?: number }) {
  const { t } = useTranslation('social');
  const [shown, setShown] = useState(true);
  useEffect(() => {
    markChargeTip(storage);
    const timer = clock.setTimeout(() => setShown(false), ms);
    return () => clock.clearTimeout(timer);
  }, [ms]);
  if (!shown) return null;
  return (
    <p className="charge-tip" role="status">
      {t('supporters.chargeTip')}
    </p>
  );
}
