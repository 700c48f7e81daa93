import { useTranslation } from 'react-i18next';

/** The official account's badge (spec 1 §3 `is_official`), beside a name. */
export function OfficialBadge() {
  const { t } = useTranslation('social');
  return <span className="official-badge">{t('user.official')}</span>;
}
