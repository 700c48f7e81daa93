import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import type { FollowUser, FollowUserList } from '@/api/social';
import { useSearchSharePagesInfiniteQuery, useSearchUserPagesInfiniteQuery } from '@/api/square';
import { AuthorLink } from '@/components/social/author-link';
import { FollowButton } from '@/components/social/follow-button';
import { KEYWORD_PROBLEM_KEYS, SearchBox } from '@/components/search/search-box';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { formatCount } from '@/lib/number-format';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { cleanKeyword, keywordProblem } from '@/rules/search';
import { END_TEXT_AFTER, ShareCardList } from './share-card-list';
import './share-card.css';
import './search-screen.css';

export const SEARCH_TABS = ['stories', 'worlds', 'authors'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** The tab named by `?tab=`; anything else (or none) is the first, stories. */
export function searchTabOf(value: string | null): SearchTab {
  return SEARCH_TABS.find((tab) => tab === value) ?? 'stories';
}

/** The server's keyword refusals (42263 empty, 42264 too long) belong at the field. */
const KEYWORD_CODES = new Set([42263, 42264]);
const keywordRefusal = (error: unknown) =>
  isApiError(error) && error.code !== null && KEYWORD_CODES.has(error.code);

/**
 * /search (login; spec 1 §2, §5 "Search keyword"): the keyword and the tab live in the URL
 * (`?keyword=…&tab=worlds`, no tab for stories). The keyword is checked at the field before
 * anything is sent (not empty, at most 30 by the shared counter); the server's 42263/42264 show
 * there too. Stories and worlds are share cards, authors rows with their follow button; each
 * list loads more within 50 px of its end, shows the end text past 10 items, an error block with
 * a retry and an empty state. Only the open tab's list is requested.
 */
export default function SearchScreen() {
  const { t } = useTranslation('social');
  const [params, setParams] = useSearchParams();
  const raw = params.get('keyword') ?? '';
  const keyword = cleanKeyword(raw);
  const problem = keywordProblem(raw);
  const tab = searchTabOf(params.get('tab'));
  const tabs = useRef<Partial<Record<SearchTab, HTMLButtonElement | null>>>({});
  const ready = problem === null;

  const stories = useSearchSharePagesInfiniteQuery(
    ready && tab === 'stories' ? { keyword, kind: 'story' } : skipToken,
  );
  const worlds = useSearchSharePagesInfiniteQuery(
    ready && tab === 'worlds' ? { keyword, kind: 'universe' } : skipToken,
  );
  const authors = useSearchUserPagesInfiniteQuery(
    ready && tab === 'authors' ? { keyword } : skipToken,
  );
  const active = tab === 'stories' ? stories : tab === 'worlds' ? worlds : authors;
  const endpoint = tab === 'authors' ? 'searchUsers' : 'searchShares';
  const refused = active.isError && keywordRefusal(active.error);

  // A keyword too long in the URL is said at the field; an empty one just asks for a keyword.
  let fieldError: string | null = null;
  if (problem === 'tooLong') fieldError = t(KEYWORD_PROBLEM_KEYS.tooLong);
  else if (refused) fieldError = errorText(endpoint, active.error, t);

  function update(changes: { keyword?: string; tab?: SearchTab }) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (changes.keyword !== undefined) next.set('keyword', changes.keyword);
        if (changes.tab === 'stories') next.delete('tab');
        else if (changes.tab) next.set('tab', changes.tab);
        return next;
      },
      { replace: changes.keyword === undefined, preventScrollReset: true },
    );
  }

  function select(next: SearchTab, focus = false) {
    if (focus) tabs.current[next]?.focus();
    if (next !== tab) update({ tab: next });
  }

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, automatic activation).
  function onKeyDown(e: KeyboardEvent) {
    const i = SEARCH_TABS.indexOf(tab);
    const last = SEARCH_TABS.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % SEARCH_TABS.length
        : e.key === 'ArrowLeft'
          ? (i + last) % SEARCH_TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    select(SEARCH_TABS[to]!, true);
  }

  let body: ReactNode;
  if (!ready || refused) {
    body = problem === 'empty' ? <ListEmpty text={t('search.prompt')} /> : null;
  } else if (tab === 'authors') {
    body = <AuthorResults key={keyword} list={authors} keyword={keyword} />;
  } else {
    const list = tab === 'stories' ? stories : worlds;
    body = (
      <ShareCardList
        key={`${tab}-${keyword}`}
        list={{ ...list, hasNextPage: list.hasNextPage ?? false }}
        label={t('search.results', { keyword })}
        empty={<ListEmpty text={t(`search.empty.${tab}`, { keyword })} />}
      />
    );
  }

  return (
    <section className="social-screen search-screen" aria-labelledby="search-title">
      <header className="social-screen__header search-screen__header">
        <h1 id="search-title">{t('search.heading')}</h1>
        <SearchBox
          key={raw}
          initial={raw}
          error={fieldError}
          onSearch={(next) => update({ keyword: next })}
        />
      </header>
      {ready ? (
        <p className="social-screen__lead" aria-live="polite">
          {t('search.results', { keyword })}
        </p>
      ) : null}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- WAI-ARIA tabs: the selected tab is in the Tab order; its list takes the arrow keys */}
      <div
        className="social-tabs"
        role="tablist"
        aria-label={t('search.tabsLabel')}
        onKeyDown={onKeyDown}
      >
        {SEARCH_TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`search-tab-${name}`}
            className="social-tabs__tab"
            aria-selected={name === tab}
            aria-controls="search-panel"
            tabIndex={name === tab ? 0 : -1}
            onClick={() => select(name)}
          >
            {t(`search.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        id="search-panel"
        className="social-screen__panel"
        role="tabpanel"
        aria-labelledby={`search-tab-${tab}`}
      >
        {body}
      </div>
    </section>
  );
}

/** What the authors' list needs of its infinite query. */
interface AuthorListQuery {
  data?: { pages: FollowUserList[] };
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage?: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** Authors as rows (avatar and name with the hover card, fans, follow), with the list behaviours. */
function AuthorResults({ list, keyword }: { list: AuthorListQuery; keyword: string }) {
  const { t } = useTranslation('social');
  const scroller = useRef<HTMLDivElement>(null);
  const rows: FollowUser[] = list.data?.pages.flatMap((p) => p.data) ?? [];
  const hasNext = list.hasNextPage ?? false;
  const canLoadMore = hasNext && !list.isFetching && !list.isError;
  useScrollToBottom(scroller, () => void list.fetchNextPage(), { enabled: canLoadMore });

  let body: ReactNode;
  if (list.isLoading || (!list.data && !list.isError)) body = <ListLoading />;
  else if (list.isError && rows.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (rows.length === 0) body = <ListEmpty text={t('search.empty.authors', { keyword })} />;
  else
    body = (
      <>
        <ul className="search-authors" aria-label={t('search.results', { keyword })}>
          {rows.map((row) => (
            <AuthorRow key={row.user._id} row={row} />
          ))}
        </ul>
        {list.isFetchingNextPage ? <ListLoading /> : null}
        {list.isError ? (
          <ListError onRetry={() => void list.fetchNextPage()} />
        ) : hasNext ? (
          list.isFetchingNextPage ? null : (
            <div className="share-list__more">
              <button type="button" className="button" onClick={() => void list.fetchNextPage()}>
                {t('search.more')}
              </button>
            </div>
          )
        ) : rows.length > END_TEXT_AFTER ? (
          <p className="share-list__end">{t('common:list.end')}</p>
        ) : null}
      </>
    );

  return (
    <div ref={scroller} className="share-list">
      {body}
    </div>
  );
}

function AuthorRow({ row }: { row: FollowUser }) {
  const { t, i18n } = useTranslation('social');
  const [fans, setFans] = useState(row.follower_count);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <li className="search-author">
      <AuthorLink user={row.user} size="md" />
      <span className="search-author__fans">
        {t('search.authorFans', { count: fans, formatted: formatCount(fans, lang) })}
      </span>
      <FollowButton
        user={row.user}
        relation={row.following}
        size="sm"
        onChange={(result) => setFans(result.follower_count)}
      />
    </li>
  );
}
