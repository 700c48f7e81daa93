import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { useListSquarePagesInfiniteQuery, type SquareTab } from '@/api/square';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { withNamespaces } from '@/lib/i18n';
import { ListEmpty } from '@/components/ui/list-state/list-state';
import { selectIsLoggedIn } from '@/core/session-slice';
import { ShareCardList, ShareListSkeleton } from './share-card-list';
import { SquareCharactersRail } from './square-characters-rail';
import { SQUARE_TABS, squareTabOf, type SquareScreenTab } from '../model/square-tabs';
import './share-card.css';

/** The follow tab's feed and its recommendations load only when a logged-in viewer opens it. */
const FeedList = lazy(withNamespaces(['social'], () => import('./feed-list')));

/**
 * /dashboard/square (no login; spec 1 §2, spec 2 §7): tabs recommend, latest and follow, the tab
 * kept in the URL (`?tab=`, none for recommend). Recommend and latest list shared stories and
 * worlds (recommend with the recommended role-play characters above); follow is the feed of the
 * authors I follow, and asks a logged-out visitor to log in.
 */
export default function SquareScreen() {
  const { t } = useTranslation('square');
  const [params, setParams] = useSearchParams();
  const tab = squareTabOf(params.get('tab'));
  const tabs = useRef<Partial<Record<SquareScreenTab, HTMLButtonElement | null>>>({});

  function select(next: SquareScreenTab, focus = false) {
    if (focus) tabs.current[next]?.focus();
    if (next === tab) return;
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === 'recommend') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, automatic activation).
  function onKeyDown(e: KeyboardEvent) {
    const n = SQUARE_TABS.length;
    const i = SQUARE_TABS.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i + n - 1, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(SQUARE_TABS[to % n]!, true);
  }

  return (
    <section className="social-screen" aria-labelledby="square-title">
      <header className="social-screen__header">
        <h1 id="square-title">{t('common:nav.square')}</h1>
        {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- WAI-ARIA tabs: the selected tab is in the Tab order; its list takes the arrow keys */}
        <div
          className="social-tabs"
          role="tablist"
          aria-label={t('square.tabs.label')}
          onKeyDown={onKeyDown}
        >
          {SQUARE_TABS.map((name) => (
            <button
              key={name}
              ref={(el) => {
                tabs.current[name] = el;
              }}
              type="button"
              role="tab"
              id={`square-tab-${name}`}
              className="social-tabs__tab"
              aria-selected={name === tab}
              aria-controls="square-panel"
              tabIndex={name === tab ? 0 : -1}
              onClick={() => select(name)}
            >
              {t(`square.tabs.${name}`)}
            </button>
          ))}
        </div>
      </header>
      <div
        id="square-panel"
        className="social-screen__panel"
        role="tabpanel"
        aria-labelledby={`square-tab-${tab}`}
      >
        {tab === 'follow' ? <FollowTab /> : <SquareShares key={tab} tab={tab} />}
      </div>
    </section>
  );
}

function SquareShares({ tab }: { tab: SquareTab }) {
  const { t } = useTranslation('square');
  const list = useListSquarePagesInfiniteQuery({ tab });
  return (
    <ShareCardList
      list={{ ...list, hasNextPage: list.hasNextPage ?? false }}
      label={t(`square.list.${tab}`)}
      empty={<ListEmpty title={t('square.empty.title')} text={t('square.empty.text')} />}
      before={tab === 'recommend' ? <SquareCharactersRail /> : undefined}
    />
  );
}

/** Logged out: why this tab needs an account and the login; after it, the feed. */
function FollowTab() {
  const { t } = useTranslation('square');
  const loggedIn = useSelector(selectIsLoggedIn);
  if (!loggedIn) {
    return (
      <ListEmpty title={t('square.follow.loginTitle')} text={t('square.follow.loginText')}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => openDialog('login')}
        >
          {t('common:auth.login')}
        </button>
      </ListEmpty>
    );
  }
  return (
    <Suspense fallback={<ShareListSkeleton />}>
      <FeedList />
    </Suspense>
  );
}
