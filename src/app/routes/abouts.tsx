import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCopy } from '@/api/settings/use-copy';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { paths } from '@/config/paths';

/** Copy ids of the power rules, served by the settings copy (built-in text as fallback). */
const POWER_COPY = [
  'vip_monthly_power',
  'free_quota_refresh',
  'pack_never_expires',
  'consumption_order',
] as const;

export default function AboutsScreen() {
  const { t } = useTranslation();
  const copy = useCopy();
  const items = ['write', 'build', 'explore', 'share'] as const;
  return (
    <article className="prose">
      <h1>{t('abouts:title')}</h1>
      <p>{t('abouts:lead')}</p>
      <ul className="card-grid">
        {items.map((k) => (
          <li key={k} className="card">
            <p>{t(`abouts:${k}`)}</p>
          </li>
        ))}
      </ul>
      <h2>{t('abouts:powerTitle')}</h2>
      <ul>
        {POWER_COPY.map((id) => (
          <li key={id}>{copy(id)}</li>
        ))}
      </ul>
      <h2>{t('abouts:appTitle')}</h2>
      <p>{t('abouts:appLead')}</p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => openDialog('platform')}
        >
          {t('abouts:getApp')}
        </button>{' '}
        <Link to={paths.download.getHref()}>{t('abouts:downloadPage')}</Link>
      </p>
    </article>
  );
}
