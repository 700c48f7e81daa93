import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Share, ShareList } from '@/api/square';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { ShareCard, ShareCardSkeleton, type CoverPriority } from './share-card';
import './share-card.css';

/** Covers loaded at once: the first row on the widest grid (three columns). */
export const EAGER_COVERS = 3;
/** The end text shows only on a list longer than this (spec 1 §2). */
export const END_TEXT_AFTER = 10;
/** Placeholder cards while the first page loads: enough to fill the first screen. */
const SKELETON_CARDS = 6;

/** What the list needs of an infinite query over shares (square, feed). */
export interface ShareListQuery {
  data?: { pages: ShareList[] };
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

export function coverPriority(index: number): CoverPriority {
  if (index === 0) return 'high';
  return index < EAGER_COVERS ? 'eager' : 'lazy';
}

/**
 * Shares as cards in a box that scrolls on its own, with the list behaviours of spec 1 §2/§4:
 * the next page within 50 px of the end (and a button for it, for keyboards), a skeleton the
 * size of the cards while the first page loads, an error block with a retry when the first
 * load fails (a failed later page keeps the rows and retries that page), `empty` when there
 * is nothing, and the end text only past 10 items.
 */
export function ShareCardList({
  list,
  label,
  empty,
  before,
}: {
  list: ShareListQuery;
  /** The list's accessible name. */
  label: string;
  /** Shown instead of the list when the first page is empty. */
  empty: ReactNode;
  /** Shown above the cards inside the scrolling box (the characters rail). */
  before?: ReactNode;
}) {
  const { t } = useTranslation('square');
  const scroller = useRef<HTMLDivElement>(null);
  const shares: Share[] = list.data?.pages.flatMap((p) => p.data) ?? [];
  const canLoadMore = list.hasNextPage && !list.isFetching && !list.isError;
  useScrollToBottom(scroller, () => void list.fetchNextPage(), { enabled: canLoadMore });

  let body: ReactNode;
  if (list.isLoading || (!list.data && !list.isError)) body = <ShareListSkeleton />;
  else if (list.isError && shares.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (shares.length === 0) body = empty;
  else
    body = (
      <>
        <ul className="share-grid" aria-label={label}>
          {shares.map((share, i) => (
            <ShareCard key={share.share_id} share={share} priority={coverPriority(i)} />
          ))}
        </ul>
        {list.isFetchingNextPage ? <ListLoading /> : null}
        {list.isError ? (
          <ListError onRetry={() => void list.fetchNextPage()} />
        ) : list.hasNextPage ? (
          list.isFetchingNextPage ? null : (
            <div className="share-list__more">
              <button type="button" className="button" onClick={() => void list.fetchNextPage()}>
                {t('common:list.more')}
              </button>
            </div>
          )
        ) : shares.length > END_TEXT_AFTER ? (
          <p className="share-list__end">{t('common:list.end')}</p>
        ) : null}
      </>
    );

  return (
    <div ref={scroller} className="share-list">
      {before}
      {body}
    </div>
  );
}

/** The first load: card-sized placeholders in the grid's place, announced as loading. */
export function ShareListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="share-list__skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common:loading')}
      </span>
      <ul className="share-grid" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <ShareCardSkeleton key={i} />
        ))}
      </ul>
    </div>
  );
}
