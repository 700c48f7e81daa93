import {
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Share, ShareList } from '@/api/square';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { clock, type TimerId } from '@/lib/clock';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { shareTimeSteps } from '../model/share-time';
import { ShareCard, ShareCardSkeleton, type CoverPriority } from './share-card';
import './share-card.css';

/** Covers loaded at once: the first row on the widest grid (three columns). */
export const EAGER_COVERS = 3;
/** The end text shows only on a list longer than this (spec 1 §2). */
export const END_TEXT_AFTER = 10;
/** Placeholder cards while the first page loads: enough to fill the first screen. */
const SKELETON_CARDS = 6;
/**
 * Cards rendered in the commit that shows a list: those of the first screen, as the skeleton
 * measured them (`firstScreenCards`: 3 on a phone under the characters rail, two rows of a
 * laptop's grid), else FIRST_CARDS (no skeleton was shown, or there is no layout to measure).
 * The rest follow in a render of their own that React splits into short slices, once the first
 * cover has loaded (or after FIRST_COVER_WAIT_MS): showing a page of 20 never holds the main
 * thread in one long task, and the work for cards out of view never delays the first screen's
 * largest image (the square's budget: Lighthouse TBT and LCP).
 */
export const FIRST_CARDS = 4;
/** The longest the rest of a first page waits for the first cover. */
export const FIRST_COVER_WAIT_MS = 400;
const NO_SHARES: Share[] = [];

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
  // An answer arrives as a store change, which React renders at once, in one task with its
  // commit. The list takes it in a deferred render instead, which React renders in short
  // slices; meanwhile the list stays as it was (the placeholders, or the cards so far).
  const data = useDeferredValue(list.data);
  const caughtUp = data === list.data;
  // One array per answer (not per render): the grid's deferred cards compare it by identity.
  const pages = data?.pages;
  const shares = useMemo(() => pages?.flatMap((p) => p.data) ?? NO_SHARES, [pages]);
  const grid = useRef<HTMLUListElement>(null);
  const [firstCards, setFirstCards] = useState(FIRST_CARDS);
  const coverSettled = useFirstCoverSettled(grid, shares.length > firstCards);
  // Every card after the first few comes in a deferred render (see ShareGrid): until it is in,
  // the box is not as tall as the list, so it must not count as scrolled to its end.
  const deferred = useDeferredValue(
    coverSettled && shares.length > firstCards ? shares : NO_SHARES,
    NO_SHARES,
  );
  const complete = shares.length <= firstCards || deferred === shares;
  const canLoadMore = caughtUp && complete && list.hasNextPage && !list.isFetching && !list.isError;
  useScrollToBottom(scroller, () => void list.fetchNextPage(), { enabled: canLoadMore });

  let body: ReactNode;
  if (list.isLoading || (!data && !list.isError))
    body = <ShareListSkeleton onFirstScreen={setFirstCards} />;
  else if (list.isError && shares.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (shares.length === 0) body = empty;
  else
    body = (
      <ShareGrid
        ref={grid}
        shares={shares}
        deferred={deferred}
        firstCards={firstCards}
        complete={complete}
        label={label}
      >
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
      </ShareGrid>
    );

  return (
    <div ref={scroller} className="share-list">
      {before}
      {body}
    </div>
  );
}

/**
 * The grid: the first cards at once, then the others (`deferred`, the list as a deferred render
 * sees it: React renders it in short slices), and what follows the list (`children`: loading,
 * more, end) once every card is in (`complete`). A later page joins the same way, so the
 * scroll that asked for it stays smooth.
 */
function ShareGrid({
  ref,
  shares,
  deferred,
  firstCards,
  complete,
  label,
  children,
}: {
  ref: RefObject<HTMLUListElement | null>;
  shares: Share[];
  deferred: Share[];
  firstCards: number;
  complete: boolean;
  label: string;
  children: ReactNode;
}) {
  const first = shares.slice(0, firstCards);
  // The deferred list can lag a refetch that moved a share into the first cards: never twice.
  const shown = new Set(first.map((share) => share.share_id));
  const rest = deferred.slice(firstCards).filter((share) => !shown.has(share.share_id));
  return (
    <>
      <ul ref={ref} className="share-grid" aria-label={label}>
        {[...first, ...rest].map((share, i) => (
          <ShareCard key={share.share_id} share={share} priority={coverPriority(i)} />
        ))}
      </ul>
      {complete ? children : null}
    </>
  );
}

/**
 * True once the grid's first cover has loaded or failed (or has none), or FIRST_COVER_WAIT_MS
 * after the first cards showed; set in a transition. Checked once per list (`waiting`: the list
 * has cards beyond the first); it stays true for the pages that follow.
 */
function useFirstCoverSettled(grid: RefObject<HTMLElement | null>, waiting: boolean): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled || !waiting) return;
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      startTransition(() => setSettled(true));
    };
    const cover = grid.current?.querySelector<HTMLImageElement>('img.share-cover__img');
    if (!cover || cover.complete) {
      settle();
      return;
    }
    cover.addEventListener('load', settle);
    cover.addEventListener('error', settle);
    const timer = clock.setTimeout(settle, FIRST_COVER_WAIT_MS);
    return () => {
      done = true;
      cover.removeEventListener('load', settle);
      cover.removeEventListener('error', settle);
      clock.clearTimeout(timer);
    };
  }, [grid, settled, waiting]);
  return settled;
}

/**
 * How many of the placeholder cards start above the bottom of the window: the cards the list's
 * first commit should hold. Null without a layout (no card has a height).
 */
export function firstScreenCards(cards: readonly Element[], viewportHeight: number): number | null {
  const boxes = cards.map((card) => card.getBoundingClientRect());
  if (!boxes.some((box) => box.height > 0)) return null;
  return Math.max(1, boxes.filter((box) => box.height > 0 && box.top < viewportHeight).length);
}

/**
 * The first load: card-sized placeholders in the grid's place, announced as loading. While the
 * page is on its way, the cards' formatters and plural rules are made (see `shareTimeSteps`),
 * and the placeholders on the first screen are counted (`onFirstScreen`), once the frame that
 * shows them has been laid out, so the read costs no layout of its own.
 */
export function ShareListSkeleton({
  onFirstScreen,
}: {
  onFirstScreen?: (cards: number) => void;
} = {}) {
  const { t, i18n } = useTranslation();
  const skeleton = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!onFirstScreen) return;
    let timer: TimerId | undefined;
    const frame = requestAnimationFrame(() => {
      timer = clock.setTimeout(() => {
        const cards = skeleton.current ? [...skeleton.current.children] : [];
        const count = firstScreenCards(cards, window.innerHeight);
        if (count !== null) onFirstScreen(count);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clock.clearTimeout(timer);
    };
  }, [onFirstScreen]);
  useEffect(() => {
    // Each step in a task of its own, after the effects of the render that showed the
    // placeholders: made together, they were one long task.
    const steps = [
      ...shareTimeSteps(i18n.language),
      // A count's phrase picks its plural form: this makes the language's plural rules.
      () => i18n.t('square:card.views', { count: 0, formatted: '0' }),
    ];
    let stopped = false;
    void (async () => {
      for (const step of steps) {
        await yieldToBrowser();
        if (stopped) return;
        step();
      }
    })();
    return () => {
      stopped = true;
    };
  }, [i18n]);
  return (
    <div className="share-list__skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common:loading')}
      </span>
      <ul ref={skeleton} className="share-grid" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <ShareCardSkeleton key={i} />
        ))}
      </ul>
    </div>
  );
}
