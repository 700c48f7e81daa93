import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListMyChargedRecordPagesInfiniteQuery, type MyCharge } from '@/api/charging';
import { errorText } from '@/api/error-messages';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { formatChargeTime } from '../model/format-time';
import { showEndText } from '../model/supporters';
import './charging.css';

/**
 * My charges, newest first (the record dialog and /dashboard/charge): the work (a link to its
 * page), its author, the power given and my message, with the next page on scrolling within
 * 50 px of the end or by the button.
 */
export function MyChargeRecords() {
  const { t } = useTranslation('charging');
  const query = useListMyChargedRecordPagesInfiniteQuery();
  const rows: MyCharge[] = useMemo(
    () => query.data?.pages.flatMap((page) => page.data) ?? [],
    [query.data],
  );
  const hasNext = query.hasNextPage ?? false;
  const scroller = useRef<HTMLDivElement>(null);
  useScrollToBottom(scroller, () => void query.fetchNextPage(), {
    enabled: hasNext && !query.isFetching && !query.isError,
  });

  if (query.isLoading || (!query.data && !query.isError)) return <ListLoading />;
  if (query.isError && rows.length === 0)
    return (
      <ListError
        message={errorText('listMyChargedRecords', query.error, t)}
        onRetry={() => void query.refetch()}
      />
    );
  if (rows.length === 0) return <ListEmpty text={t('records.empty')} />;
  return (
    <div ref={scroller} className="charge-records">
      <ul className="charge-records__rows" aria-label={t('records.list')}>
        {rows.map((row) => (
          <ChargeRecordRow key={row.charge_id} row={row} />
        ))}
      </ul>
      {query.isFetchingNextPage ? <ListLoading /> : null}
      {query.isError ? (
        <ListError onRetry={() => void query.fetchNextPage()} />
      ) : hasNext ? (
        query.isFetchingNextPage ? null : (
          <div className="supporters-list__more">
            <button type="button" className="button" onClick={() => void query.fetchNextPage()}>
              {t('records.more')}
            </button>
          </div>
        )
      ) : showEndText(rows.length, hasNext) ? (
        <p className="supporters-list__end">{t('records.end')}</p>
      ) : null}
    </div>
  );
}

function ChargeRecordRow({ row }: { row: MyCharge }) {
  const { t, i18n } = useTranslation('charging');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { share } = row;
  const href =
    share.kind === 'story'
      ? paths.story.getHref(share.share_id)
      : paths.universe.getHref(share.share_id);
  return (
    <li className="charge-record">
      <div className="charge-record__what">
        <span className="charge-record__kind">{t(`records.kind.${share.kind}`)}</span>
        {share.title ? (
          <Link to={href} className="charge-record__title">
            {t('records.to', { title: share.title })}
          </Link>
        ) : (
          <span className="charge-record__title">{t('records.untitled')}</span>
        )}
        <span className="charge-record__author">
          {t('records.by', { name: share.author.name })}
        </span>
      </div>
      <div className="charge-record__meta">
        <strong className="charge-record__amount">
          {t('records.amount', { amount: formatCount(row.amount, lang) })}
        </strong>
        <time dateTime={new Date(row.created_at * 1000).toISOString()}>
          {formatChargeTime(row.created_at, i18n.language)}
        </time>
      </div>
      {row.message ? <p className="charge-record__message">{row.message}</p> : null}
    </li>
  );
}
