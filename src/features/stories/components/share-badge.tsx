import { useTranslation } from 'react-i18next';
import type { ShareStatus } from '@/api/stories';

/** The share status as a small label (published to the square, link only, private, banned). */
export function ShareBadge({ status }: { status: ShareStatus }) {
  const { t } = useTranslation('stories');
  return (
    <span className={`stories-badge stories-badge--${status}`}>{t(`share.status.${status}`)}</span>
  );
}
