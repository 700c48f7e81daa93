import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  supportersEndpoint,
  useListSupporterPagesInfiniteQuery,
  type Supporter,
  type SupportersOf,
} from '@/api/charging';
import { errorText } from '@/api/error-messages';
import { AuthorLink } from '@/components/social/author-link';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { selectUid } from '@/core/session-slice';
import { plusAmount, rankMark, shouldAutoLoad, showEndText } from '../model/supporters';
import './charging.css';

/** The chart is its own chunk: it loads with the slider, after the list has started. */
const ChargeChartPanel = lazy(() => import('./charge-chart'));

export interface SupportersDialogProps {
  /** A shared work's supporters, or a user's (all their works). */
  of: SupportersOf;
  /** The work's title or the user's name, for the heading. */
  title: string;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    supporters: SupportersDialogProps;
  }
}

/**
 * The charge-list slider (spec 1 §2, §7; spec 2 §5): a side sheet titled for a work or a user,
 * the tips of the last 30 days as a chart, then the supporters ranked by the power they gave —
 * medals for the top three, two-digit numbers for the rest, "+amount" on each row, the avatar
 * with its hover card (not on one's own). Another page loads by itself when fewer than 15 came
 * back, and on scrolling within 50 px of the end (a button does it too). A failed first load
 * shows the error block with a retry; an empty list says so.
 */
export function SupportersDialog({
  of,
  title,
  onClose,
}: HostedDialogProps & SupportersDialogProps) {
  const { t } = useTranslation('charging');
  const viewer = useSelector(selectUid);
  const heading =
    of.kind === 'share'
      ? t('supporters.titleShare', { title })
      : of.uid === viewer
        ? t('supporters.titleMine')
        : t('supporters.titleUser', { name: title });
  return (
    <Dialog title={heading} onClose={onClose} variant="slider" className="supporters-slider">
      <div className="supporters-slider__content">
        {viewer ? (
          <div className="supporters-slider__mine">
            <button type="button" className="button" onClick={() => openDialog('record')}>
              {t('records.title')}
            </button>
          </div>
        ) : null}
        <Suspense fallback={<ListLoading />}>
          <ChargeChartPanel of={of} />
        </Suspense>
        <SupportersList of={of} name={title} />
      </div>
    </Dialog>
  );
}

/** The ranked supporters of `of`. */
export function SupportersList({ of, name }: { of: SupportersOf; name: string }) {
  const { t, i18n } = useTranslation('charging');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const viewer = useSelector(selectUid);
  const query = useListSupporterPagesInfiniteQuery(of);
  const rows: Supporter[] = useMemo(
    () => query.data?.pages.flatMap((page) => page.data) ?? [],
    [query.data],
  );
  const pages = query.data?.pages;
  const lastSize = pages?.[pages.length - 1]?.data.length;
  const hasNext = query.hasNextPage ?? false;
  const idle = !query.isFetching && !query.isError;
  const scroller = useRef<HTMLDivElement>(null);
  useScrollToBottom(scroller, () => void query.fetchNextPage(), { enabled: hasNext && idle });

  // Fewer than 15 came back and more exist: the next page, without waiting for a scroll.
  const autoLoad = idle && shouldAutoLoad(lastSize, hasNext);
  const { fetchNextPage } = query;
  useEffect(() => {
    if (autoLoad) void fetchNextPage();
  }, [autoLoad, fetchNextPage, pages?.length]);

  if (query.isLoading || (!query.data && !query.isError)) return <ListLoading />;
  if (query.isError && rows.length === 0)
    return (
      <ListError
        message={errorText(supportersEndpoint(of), query.error, t)}
        onRetry={() => void query.refetch()}
      />
    );
  if (rows.length === 0)
    return (
      <ListEmpty
        text={of.kind === 'share' ? t('supporters.empty') : t('supporters.emptyUser', { name })}
      />
    );

  return (
    <div ref={scroller} className="supporters-list">
      <ol className="supporters-list__rows" aria-label={t('supporters.list')}>
        {rows.map((row, i) => {
          const mark = rankMark(i);
          return (
            <li key={row.user_info._id} className="supporters-row" data-rank={mark.rank}>
              {mark.kind === 'medal' ? (
                <span
                  className={`supporters-row__medal supporters-row__medal--${mark.medal}`}
                  role="img"
                  aria-label={t(`supporters.medal.${mark.medal}`)}
                  data-medal={mark.medal}
                >
                  {mark.rank}
                </span>
              ) : (
                <span
                  className="supporters-row__rank"
                  aria-label={t('supporters.rank', { rank: mark.rank })}
                >
                  {mark.text}
                </span>
              )}
              <span
                className="supporters-row__who"
                data-mine={row.user_info._id === viewer || undefined}
              >
                <AuthorLink user={row.user_info} size="sm" />
              </span>
              <span
                className="supporters-row__amount"
                aria-label={t('supporters.amount', { amount: plusAmount(row.total_amount, lang) })}
              >
                {plusAmount(row.total_amount, lang)}
              </span>
            </li>
          );
        })}
      </ol>
      {query.isFetchingNextPage ? <ListLoading /> : null}
      {query.isError ? (
        <ListError onRetry={() => void query.fetchNextPage()} />
      ) : hasNext ? (
        query.isFetchingNextPage ? null : (
          <div className="supporters-list__more">
            <button type="button" className="button" onClick={() => void query.fetchNextPage()}>
              {t('supporters.more')}
            </button>
          </div>
        )
      ) : showEndText(rows.length, hasNext) ? (
        <p className="supporters-list__end">{t('supporters.end')}</p>
      ) : null}
    </div>
  );
}
