import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon/icons';

/** Placeholder screen for routes whose issue has not landed yet, inside the real layout. */
export default function ComingSoonScreen() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = (matches[matches.length - 1]?.handle as { titleKey?: string } | undefined)
    ?.titleKey;
  const title = titleKey ? t(`common:${titleKey}`) : '';
  return (
    <section className="empty-state" aria-labelledby="coming-soon-title">
      <Icon name="empty" size={56} className="empty-state__icon" />
      <h1 id="coming-soon-title" className="empty-state__title">
        {title}
      </h1>
      <p className="empty-state__text">{t('common:comingSoon.text', { screen: title })}</p>
    </section>
  );
}
