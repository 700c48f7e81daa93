import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { UserSummary } from '@/api/social';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { formatCount } from '@/lib/number-format';
import { storage } from '@/lib/storage';
import { selectIsLoggedIn, selectUid } from '@/core/session-slice';
import { chargeTipDue } from './charge-tip-key';

/** Its own chunk: loaded only the once it shows (charge-tip-key.ts). */
const ChargeTip = lazy(() => import('./charge-tip'));

export interface SupportersSlotProps {
  kind: 'story' | 'universe';
  shareId: string;
  /** Users who charged (tipped) the work, when the page's data has it (`Share.supporter_count`). */
  count?: number;
  /** The work's title and author: with them the slot offers the tip and the supporters. */
  title?: string;
  author?: UserSummary;
}

/**
 * The supporters of a shared work, on its public page (spec 1 §2 charge list, spec 2
 * charging): the number of supporters when the page knows it (never a number or an empty
 * list it has not seen), the tip button (not on one's own work) and the button to the
 * charge-list slider with its chart. Both are opened by name (`charge`, `supporters`), so the
 * charging code loads only when pressed. Beside the tip button, the charge tip the first time
 * (charge-tip-key.ts).
 */
export function SupportersSlot({ kind, shareId, count, title, author }: SupportersSlotProps) {
  const { t, i18n } = useTranslation('social');
  const viewer = useSelector(selectUid);
  const signedIn = useSelector(selectIsLoggedIn);
  const headingId = useId();
  const actions = title !== undefined && author !== undefined;
  const mine = actions && viewer === author._id;
  const tipDue = actions && chargeTipDue(storage, { signedIn, ownWork: mine });
  // Latched (set while rendering, React's way to follow a value): the tip marks its key as it
  // shows, which ends `tipDue`, and stays its 5 s.
  const [tipShown, setTipShown] = useState(false);
  if (tipDue && !tipShown) setTipShown(true);
  if (count === undefined && !actions) return null;
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <section
      className="supporters-slot"
      aria-labelledby={headingId}
      data-share-kind={kind}
      data-share-id={shareId}
    >
      <h2 id={headingId}>{t('supporters.title')}</h2>
      {count === undefined ? null : (
        <p className="supporters-slot__count">
          {count === 0
            ? t('supporters.none')
            : t('supporters.count', { count, formatted: formatCount(count, lang) })}
        </p>
      )}
      {actions ? (
        <div className="supporters-slot__actions">
          {mine ? null : (
            <button
              type="button"
              className="button button--primary"
              aria-label={t('supporters.tipLabel', { title })}
              onClick={() => openDialog('charge', { author, share: { shareId, title, kind } })}
            >
              {t('supporters.tip')}
            </button>
          )}
          <button
            type="button"
            className="button"
            onClick={() => openDialog('supporters', { of: { kind: 'share', shareId }, title })}
          >
            {t('supporters.open')}
          </button>
          {tipShown && !mine ? (
            <Suspense fallback={null}>
              <ChargeTip />
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
