import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon/icons';
import { paths } from '@/config/paths';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="empty-state" aria-labelledby="not-found-title">
      <Icon name="warning" size={56} className="empty-state__icon" />
      <h1 id="not-found-title" className="empty-state__title">
        {t('common:notFound.title')}
      </h1>
      <p className="empty-state__text">{t('common:notFound.text')}</p>
      <Link className="button button--primary" to={paths.dashboard.root.getHref()}>
        {t('common:notFound.home')}
      </Link>
    </section>
  );
}
