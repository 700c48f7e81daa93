import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useGetMyChargedStatsQuery, type ChargeStats } from '@/api/charging';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { formatCount } from '@/lib/number-format';
import { selectUid } from '@/core/session-slice';
import { formatChargeTime } from '../model/format-time';
import { MyChargeRecords } from './my-charge-records';
import './charging.css';

/** The chart is its own chunk, loaded after the screen's own. */
const ChargeChartPanel = lazy(() => import('./charge-chart'));

/**
 * /dashboard/charge (spec 2 §2 "charge: charging screen"): my totals (power given and
 * received, with counts, and my latest tip), the tips my works received per day, my supporters
 * (the charge-list slider) and my tips, newest first.
 */
export default function ChargeScreen() {
  const { t } = useTranslation('charging');
  const uid = useSelector(selectUid);
  const stats = useGetMyChargedStatsQuery();
  const name = t('screen.mySupporters');
  return (
    <section className="charge-screen" aria-labelledby="charge-screen-title">
      <h1 id="charge-screen-title" className="charge-screen__title">
        {t('screen.title')}
      </h1>
      {stats.isLoading ? (
        <ListLoading />
      ) : !stats.data ? (
        <ListError message={t('screen.statsFailed')} onRetry={() => void stats.refetch()} />
      ) : (
        <ChargeStatsView stats={stats.data} />
      )}
      {uid ? (
        <section className="charge-screen__section" aria-labelledby="charge-screen-chart">
          <div className="charge-screen__section-head">
            <h2 id="charge-screen-chart">{t('screen.myChart')}</h2>
            <button
              type="button"
              className="button"
              onClick={() => openDialog('supporters', { of: { kind: 'user', uid }, title: name })}
            >
              {t('screen.mySupporters')}
            </button>
          </div>
          <Suspense fallback={<ListLoading />}>
            <ChargeChartPanel of={{ kind: 'user', uid }} />
          </Suspense>
        </section>
      ) : null}
      <section className="charge-screen__section" aria-labelledby="charge-screen-records">
        <h2 id="charge-screen-records">{t('screen.records')}</h2>
        <MyChargeRecords />
      </section>
    </section>
  );
}

export function ChargeStatsView({ stats }: { stats: ChargeStats }) {
  const { t, i18n } = useTranslation('charging');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <div className="charge-stats">
      <dl className="charge-stats__grid">
        <div className="charge-stats__item">
          <dt>{t('screen.given')}</dt>
          <dd>
            <strong>{formatCount(stats.given_total, lang)}</strong>
            <span>
              {t('screen.givenCount', {
                count: stats.given_count,
                formatted: formatCount(stats.given_count, lang),
              })}
            </span>
          </dd>
        </div>
        <div className="charge-stats__item">
          <dt>{t('screen.received')}</dt>
          <dd>
            <strong>{formatCount(stats.received_total, lang)}</strong>
            <span>
              {t('screen.receivedCount', {
                count: stats.received_count,
                formatted: formatCount(stats.received_count, lang),
              })}
            </span>
          </dd>
        </div>
      </dl>
      <p className="charge-stats__latest">
        {stats.latest_charged_at === null
          ? t('screen.never')
          : t('screen.latest', { time: formatChargeTime(stats.latest_charged_at, i18n.language) })}
      </p>
    </div>
  );
}
