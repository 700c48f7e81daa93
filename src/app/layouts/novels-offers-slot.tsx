import { lazy, Suspense, useEffect, useState } from 'react';
import { paths } from '@/config/paths';
import { clock } from '@/lib/clock';
import { withNamespaces } from '@/lib/i18n';
import { selectIsLoggedIn } from '@/core/session-slice';
import { useAppSelector } from '../hooks';

const NovelsOffers = lazy(
  withNamespaces(['membership'], () => import('@/features/membership/components/novels-offers')),
);

/**
 * How long the Novels page is shown before its offers (the retention pop-up, the check-in tip)
 * are looked up: the pop-up does not cover the list before the writer has seen it, and its
 * code and requests do not compete with the first screen's.
 */
export const NOVELS_OFFERS_DELAY_MS = 3000;

/** The retention pop-up and the check-in tip on Novels, logged in (spec 2 §2), loaded lazily. */
export function NovelsOffersSlot({
  pathname,
  delayMs = NOVELS_OFFERS_DELAY_MS,
}: {
  pathname: string;
  delayMs?: number;
}) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const onNovels = loggedIn && pathname === paths.dashboard.novels.path;
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!onNovels || due) return;
    const timer = clock.setTimeout(() => setDue(true), delayMs);
    return () => clock.clearTimeout(timer);
  }, [onNovels, due, delayMs]);
  if (!due || !onNovels) return null;
  return (
    <Suspense fallback={null}>
      <NovelsOffers />
    </Suspense>
  );
}
