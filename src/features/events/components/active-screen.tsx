import { Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useGetWritingBenefitsQuery } from '@/api/account/startup';
import { LazyPowerBreakdown } from '@/components/power/lazy-power-breakdown';
import { useListActivitiesQuery, type Activity } from '@/api/events';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { powerBalance } from '@/rules/power';
import { selectUid } from '@/core/session-slice';
import { formatDate, isoDate } from '../model/format';
import { byStatus } from '../model/activities';
import './events.css';

/**
 * /active (public; spec 1 §2 names the route only): the current events of spec 2 §1, the
 * daily 500-power promotion and activity power, with their dates, status and how to take
 * part. Logged in: the power balance and the way to the membership screen, where the daily
 * allowance is claimed; logged out: a login button.
 */
export default function ActiveScreen() {
  const { t } = useTranslation('events');
  const { data, isLoading, isError, refetch } = useListActivitiesQuery();
  const activities = byStatus(data?.data ?? []);

  let body;
  if (isLoading) body = <ListLoading />;
  else if (isError && activities.length === 0) body = <ListError onRetry={() => void refetch()} />;
  else if (activities.length === 0) body = <ListEmpty text={t('active.empty')} />;
  else
    body = (
      <ul className="activity-list" aria-label={t('active.listLabel')}>
        {activities.map((a) => (
          <ActivityCard key={a.id} activity={a} />
        ))}
      </ul>
    );

  return (
    <section className="events-screen" aria-labelledby="active-heading">
      <h1 id="active-heading">{t('active.heading')}</h1>
      <p className="events-lead">{t('active.lead')}</p>
      <TakePart />
      {body}
    </section>
  );
}

function ActivityCard({ activity: a }: { activity: Activity }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const power = formatCount(a.power, lang);
  return (
    <li className={`activity activity--${a.status}`}>
      <article aria-labelledby={`activity-${a.id}`}>
        <header className="activity__header">
          <h2 id={`activity-${a.id}`} className="activity__title">
            {a.title}
          </h2>
          <span className={`events-badge events-badge--${a.status}`}>
            {t(`active.status.${a.status}`)}
          </span>
        </header>
        <p className="activity__power">
          {a.kind === 'daily_power'
            ? t('active.powerDaily', { power })
            : t('active.powerOnce', { power })}
        </p>
        <p className="activity__dates">
          {t('active.dates.from')}{' '}
          <time dateTime={isoDate(a.starts_at)}>{formatDate(a.starts_at, i18n.language)}</time>{' '}
          {t('active.dates.to')}{' '}
          <time dateTime={isoDate(a.ends_at)}>{formatDate(a.ends_at, i18n.language)}</time>
        </p>
        <p>{a.description}</p>
        <p className="activity__how">
          <strong>{t('active.howTitle')}</strong> {t(`active.how.${a.kind}.${a.status}`)}
        </p>
      </article>
    </li>
  );
}

/** What a visitor does to take part: log in; a signed-in user goes to claim it. */
function TakePart() {
  const { t, i18n } = useTranslation('events');
  const uid = useSelector(selectUid);
  const benefits = useGetWritingBenefitsQuery(undefined, { skip: !uid });
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  if (!uid)
    return (
      <div className="events-cta">
        <p>{t('active.cta.loggedOut')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => openDialog('login')}
        >
          {t('active.cta.login')}
        </button>
      </div>
    );

  const b = benefits.data;
  return (
    <div className="events-cta">
      {b ? (
        <p>
          {t('active.cta.balance', { value: formatCount(powerBalance(b), lang) })}
          {b.checkin_words > 0 && b.checkin_expiry ? (
            <>
              {' '}
              {t('active.cta.checkin', {
                value: formatCount(b.checkin_words, lang),
                date: formatDate(b.checkin_expiry, i18n.language),
              })}
            </>
          ) : null}
        </p>
      ) : null}
      {b ? (
        // The balance broken down (spec 2 §1), with the membership strings, loaded here.
        <Suspense fallback={null}>
          <LazyPowerBreakdown benefits={b} compact />
        </Suspense>
      ) : null}
      <p>{t('active.cta.loggedIn')}</p>
      <Link className="button button--primary" to={paths.dashboard.vip.getHref()}>
        {t('active.cta.claim')}
      </Link>
    </div>
  );
}
