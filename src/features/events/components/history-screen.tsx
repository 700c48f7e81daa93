import { useTranslation } from 'react-i18next';
import { useListReleasesQuery } from '@/api/events';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { formatDate, isoDate } from '../model/format';
import { newestFirst } from '../model/release-notice';
import './events.css';

/**
 * /history (public; spec 1 §2 names the route only): the product's release history, newest
 * first: version, date, title and notes. The same releases feed the update dialog.
 */
export default function HistoryScreen() {
  const { t, i18n } = useTranslation('events');
  const { data, isLoading, isError, refetch } = useListReleasesQuery();
  const releases = newestFirst(data?.data ?? []);

  let body;
  if (isLoading) body = <ListLoading />;
  else if (isError && releases.length === 0) body = <ListError onRetry={() => void refetch()} />;
  else if (releases.length === 0) body = <ListEmpty text={t('history.empty')} />;
  else
    body = (
      <ol className="release-list" aria-label={t('history.listLabel')}>
        {releases.map((r, i) => (
          <li key={r.version} className="release">
            <article aria-labelledby={`release-${i}`}>
              <header className="release__header">
                <h2 id={`release-${i}`} className="release__title">
                  <span className="release__version">
                    {t('history.version', { version: r.version })}
                  </span>{' '}
                  {r.title}
                </h2>
                {i === 0 ? <span className="events-badge">{t('history.latest')}</span> : null}
                <time className="release__date" dateTime={isoDate(r.released_at)}>
                  {formatDate(r.released_at, i18n.language)}
                </time>
              </header>
              {r.notes.length > 0 ? (
                <ul className="release-notes">
                  {r.notes.map((note, n) => (
                    <li key={n}>{note}</li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        ))}
      </ol>
    );

  return (
    <section className="events-screen" aria-labelledby="history-heading">
      <h1 id="history-heading">{t('history.heading')}</h1>
      <p className="events-lead">{t('history.lead')}</p>
      {body}
    </section>
  );
}
