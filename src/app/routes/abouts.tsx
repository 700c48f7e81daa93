import { useTranslation } from 'react-i18next';

export default function AboutsScreen() {
  const { t } = useTranslation();
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
    </article>
  );
}
