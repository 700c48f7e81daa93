import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useHref } from 'react-router';
import { useListFollowPagesInfiniteQuery, type FollowUser } from '@/api/social';
import { Dialog } from '@/components/ui/dialog/dialog';
import { isTopModalLayer, OUTSIDE_MODALS } from '@/components/ui/dialog/modal-layer';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { clock } from '@/lib/clock';
import { formatCount } from '@/lib/number-format';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { selectUid } from '@/core/session-slice';
import { FollowRow, useRowWaking } from './follow-row';
import { RecommendedUsers } from './recommended-users';
import { rowWindow, sameWindow, type RowWindow } from './virtual-window';
import './social.css';

export type FollowListKind = 'following' | 'fans';
export const FOLLOW_LIST_KINDS: readonly FollowListKind[] = ['following', 'fans'];

/** Spec 1 §2: the outside-click handler is attached this long after opening. */
export const OUTSIDE_CLICK_DELAY_MS = 150;
/** Every row has this height (social.css), which is what lets the list window its rows. */
export const FOLLOW_ROW_HEIGHT = 64;
/** The end text shows only on a list longer than this (spec 1 §2). */
export const END_TEXT_AFTER = 10;

export interface FollowSliderProps {
  /** Whose lists: a user's uid, or undefined for my own (the self endpoints). */
  uid?: string;
  /** Their name, for the heading. */
  name: string;
  /** The counts shown on the tabs (from the profile). */
  counts: { following: number; fans: number };
  initialTab?: FollowListKind;
  onClose: () => void;
}

/**
 * The follow/fans slider (spec 1 §2): a side sheet with the two lists as tabs with their counts,
 * a close button; it closes on Esc and on a click outside (listened for from 150 ms after
 * opening, so the click that opened it cannot close it), locks the page's scroll and keeps
 * focus inside (the shared Dialog). Rows are windowed: a list of thousands keeps a screenful
 * in the DOM.
 */
export default function FollowSlider({
  uid,
  name,
  counts,
  initialTab = 'fans',
  onClose,
}: FollowSliderProps) {
  const { t, i18n } = useTranslation('social');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const [tab, setTab] = useState<FollowListKind>(initialTab);
  const tabs = useRef<Partial<Record<FollowListKind, HTMLButtonElement | null>>>({});
  const inside = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const panel = inside.current?.closest('.dialog');
      const layer = panel?.parentElement;
      const target = e.target as Element | null;
      if (!panel || !layer || !target) return;
      if (panel.contains(target)) return;
      // A dialog over the slider (a row's unfollow confirmation, the login) has the click.
      if (!isTopModalLayer(layer)) return;
      if (target.closest(`[${OUTSIDE_MODALS}]`)) return;
      onCloseRef.current();
    };
    const timer = clock.setTimeout(
      () => document.addEventListener('pointerdown', onPointerDown, true),
      OUTSIDE_CLICK_DELAY_MS,
    );
    return () => {
      clock.clearTimeout(timer);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, []);

  function select(next: FollowListKind, focus = false) {
    setTab(next);
    if (focus) tabs.current[next]?.focus();
  }

  function onTabKeyDown(e: KeyboardEvent) {
    const i = FOLLOW_LIST_KINDS.indexOf(tab);
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowLeft'
        ? (i + 1) % 2
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? 1
            : null;
    if (to === null) return;
    e.preventDefault();
    select(FOLLOW_LIST_KINDS[to]!, true);
  }

  return (
    <Dialog
      title={t('slider.title', { name })}
      onClose={onClose}
      variant="slider"
      closeOnBackdrop={false}
      className="follow-slider"
    >
      <div ref={inside} className="follow-slider__content">
        {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- WAI-ARIA tabs: the selected tab is in the Tab order; its list takes the arrow keys */}
        <div
          className="follow-slider__tabs"
          role="tablist"
          aria-label={t('slider.tabsLabel')}
          onKeyDown={onTabKeyDown}
        >
          {FOLLOW_LIST_KINDS.map((kind) => (
            <button
              key={kind}
              ref={(el) => {
                tabs.current[kind] = el;
              }}
              type="button"
              role="tab"
              id={`follow-slider-tab-${kind}`}
              className="follow-slider__tab"
              aria-selected={kind === tab}
              aria-controls="follow-slider-panel"
              tabIndex={kind === tab ? 0 : -1}
              data-autofocus={kind === tab ? '' : undefined}
              onClick={() => select(kind)}
            >
              {t(`slider.tab.${kind}`)}{' '}
              <span className="follow-slider__count">
                {formatCount(kind === 'fans' ? counts.fans : counts.following, lang)}
              </span>
            </button>
          ))}
        </div>
        <div
          id="follow-slider-panel"
          role="tabpanel"
          className="follow-slider__panel"
          aria-labelledby={`follow-slider-tab-${tab}`}
        >
          <FollowList key={tab} uid={uid} list={tab} name={name} />
        </div>
      </div>
    </Dialog>
  );
}

/**
 * One follow list, windowed: rows of a fixed height absolutely placed in a spacer as tall as
 * the whole list; only those in view (and a few either side) are rendered. The next page loads
 * within 50 px of the end (a button does it too, for keyboards); a failed first load shows the
 * error block, a failed later page keeps the rows and offers a retry.
 */
export function FollowList({
  uid,
  list,
  name,
}: {
  uid?: string;
  list: FollowListKind;
  name: string;
}) {
  const { t, i18n } = useTranslation('social');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const query = useListFollowPagesInfiniteQuery({ uid, list });
  const rows: FollowUser[] = useMemo(
    () => query.data?.pages.flatMap((page) => page.data) ?? [],
    [query.data],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const root = useHref('/');
  const viewerUid = useSelector(selectUid);
  const waking = useRowWaking();
  const [win, setWin] = useState<RowWindow>(() => rowWindow(0, 0, FOLLOW_ROW_HEIGHT, 0));
  const hasNext = query.hasNextPage ?? false;
  const canLoadMore = hasNext && !query.isFetching && !query.isError;
  // The rows change only with a load, which `enabled` gates (it checks again when re-enabled).
  useScrollToBottom(scroller, () => void query.fetchNextPage(), {
    enabled: canLoadMore,
    watchContent: false,
  });

  // The window follows the scroll position, the box's height and the number of rows. Set at
  // once when the rows or the box change; while scrolling, as a transition: the rows coming
  // into view (a wheel step can bring a screenful, each with its link, hover card and follow
  // button) are rendered in slices that yield to the browser, so a fast scroll makes no long
  // task, and a newer position takes over from one not yet shown.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const next = () => rowWindow(el.scrollTop, el.clientHeight, FOLLOW_ROW_HEIGHT, rows.length);
    const update = () => {
      const to = next();
      setWin((prev) => (sameWindow(prev, to) ? prev : to));
    };
    const onScroll = () => {
      const to = next();
      startTransition(() => setWin((prev) => (sameWindow(prev, to) ? prev : to)));
    };
    update();
    el.addEventListener('scroll', onScroll, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resizes?.disconnect();
    };
  }, [rows.length]);

  const listLabel = t(list === 'fans' ? 'slider.listFans' : 'slider.listFollowing', { name });
  if (query.isLoading || (!query.data && !query.isError)) return <ListLoading />;
  if (query.isError && rows.length === 0) {
    return <ListError onRetry={() => void query.refetch()} />;
  }
  if (rows.length === 0) {
    // Spec 1 §4: my own empty follow list offers recommended users; following one reloads it
    // here (following all does by the list's tag). Another user's empty list just says so.
    if (list === 'following' && uid === undefined) {
      return (
        <div className="follow-list-recommend">
          <RecommendedUsers
            lead={t('slider.recommendText')}
            headingLevel={3}
            onFollowed={() => void query.refetch()}
          />
        </div>
      );
    }
    return <ListEmpty text={t(list === 'fans' ? 'slider.emptyFans' : 'slider.emptyFollowing')} />;
  }

  const shown = rows.slice(win.start, win.end);
  return (
    <div ref={scroller} className="follow-list">
      <ul
        className="follow-list__rows"
        aria-label={listLabel}
        style={{ height: rows.length * FOLLOW_ROW_HEIGHT }}
        {...waking.handlers}
      >
        {shown.map((row, i) => {
          const index = win.start + i;
          return (
            <FollowRow
              key={row.user._id}
              row={row}
              top={index * FOLLOW_ROW_HEIGHT}
              position={index + 1}
              setSize={hasNext ? -1 : rows.length}
              t={t}
              lang={lang}
              root={root}
              viewerUid={viewerUid}
              live={waking.live.has(row.user._id)}
              takeIntent={waking.takeIntent}
            />
          );
        })}
      </ul>
      {query.isFetchingNextPage ? <ListLoading /> : null}
      {query.isError ? (
        <ListError onRetry={() => void query.fetchNextPage()} />
      ) : hasNext ? (
        query.isFetchingNextPage ? null : (
          <div className="follow-list__more">
            <button type="button" className="button" onClick={() => void query.fetchNextPage()}>
              {t('common:list.more')}
            </button>
          </div>
        )
      ) : rows.length > END_TEXT_AFTER ? (
        <p className="follow-list__end">{t('common:list.end')}</p>
      ) : null}
    </div>
  );
}
