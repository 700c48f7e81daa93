import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/number-format';

export interface SupportersSlotProps {
  kind: 'story' | 'universe';
  shareId: string;
  /** Users who charged (tipped) the work, when the page's data has it (`Share.supporter_count`). */
  count?: number;
}

/**
 * The supporters of a shared work, on its public page (spec 1 §2 charge list, spec 2 charging):
 * the place the ranked supporters and the tip button go. Today it shows the number of
 * supporters when the page knows it, and nothing when it does not (the shared story and world
 * answers carry no count), so the page never claims a number or an empty list it has not seen.
 */
export function SupportersSlot({ kind, shareId, count }: SupportersSlotProps) {
  const { t, i18n } = useTranslation('social');
  const headingId = useId();
  if (count === undefined) return null;
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <section
      className="supporters-slot"
      aria-labelledby={headingId}
      data-share-kind={kind}
      data-share-id={shareId}
    >
      <h2 id={headingId}>{t('supporters.title')}</h2>
      <p className="supporters-slot__count">
        {count === 0
          ? t('supporters.none')
          : t('supporters.count', { count, formatted: formatCount(count, lang) })}
      </p>
    </section>
  );
}
