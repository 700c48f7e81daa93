import { useTranslation } from 'react-i18next';

/** The official account's badge (spec 1 §3 `is_official`), beside a name. */
export function OfficialBadge() {
  const { t } = useTranslation();
  return <span className="official-badge">{t('common:author.official')}</span>;
}
