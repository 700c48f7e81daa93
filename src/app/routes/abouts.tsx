import { useTranslation } from 'react-i18next';
import { useCopy } from '@/api/settings/use-copy';

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
      <h1>{t('common:abouts.title')}</h1>
      <p>{t('common:abouts.lead')}</p>
      <ul className="card-grid">
        {items.map((k) => (
          <li key={k} className="card">
            <p>{t(`common:abouts.${k}`)}</p>
          </li>
        ))}
      </ul>
      <h2>{t('common:abouts.powerTitle')}</h2>
      <ul>
        {POWER_COPY.map((id) => (
          <li key={id}>{copy(id)}</li>
        ))}
      </ul>
    </article>
  );
}
