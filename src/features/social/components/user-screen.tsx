import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import {
  useGetSelfProfileQuery,
  useGetUserProfileQuery,
  type ProfileResponse,
} from '@/api/profile';
import {
  useListSelfSharingPagesInfiniteQuery,
  useListUserSharingPagesInfiniteQuery,
  type ShareKind,
} from '@/api/social';
import { FollowButton } from '@/components/social/follow-button';
import type { FollowListKind } from '@/components/social/follow-slider';
import { OfficialBadge } from '@/components/social/official-badge';
import { Avatar } from '@/components/ui/avatar/avatar';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { Icon } from '@/components/ui/icon/icons';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { selectUid } from '@/core/session-slice';
import { ShareCardList } from './share-card-list';
import './share-card.css';
import './user-screen.css';

/** The slider (and its windowed lists) loads when a count is first pressed. */
const FollowSlider = lazy(() => import('@/components/social/follow-slider'));

export const USER_TABS = ['story', 'world'] as const;
export type UserTab = (typeof USER_TABS)[number];

/** The tab named by `?tab=`; anything else (or none) is stories. */
export function userTabOf(value: string | null): UserTab {
  return USER_TABS.find((tab) => tab === value) ?? 'story';
}

const KIND: Record<UserTab, ShareKind> = { story: 'story', world: 'universe' };

/**
 * /user/{uid} (spec 1 §2; public, opened in a new tab from any name or avatar): the profile
 * header (avatar, name, official badge, follow and fans counts that open the slider, the
 * follow button, report), then the user's shared stories and worlds as tabs. My own page uses
 * the self endpoints (link shares included) and has no follow or report button. A user that
 * does not exist (40407) gets a not-found page.
 */
export default function UserScreen() {
  const { uid = '' } = useParams();
  return <UserPage uid={uid} />;
}

/** The page of the user `uid` (its data, loading and refusal states). */
export function UserPage({ uid }: { uid: string }) {
  const viewerUid = useSelector(selectUid);
  const self = !!viewerUid && viewerUid === uid;
  const own = useGetSelfProfileQuery(undefined, { skip: !self });
  const other = useGetUserProfileQuery({ uid }, { skip: self });
  const profile = self ? own : other;
  const { t } = useTranslation('social');

  if (profile.isLoading || (!profile.data && !profile.isError)) return <ListLoading />;
  if (!profile.data) {
    if (isApiError(profile.error) && profile.error.code === 40407) return <UserMissing />;
    return (
      <ListError
        message={errorText(self ? 'getSelfProfile' : 'getUserProfile', profile.error, t)}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <UserView key={uid} profile={profile.data} self={self} />;
}

/** 40407: no such user; the way on to the square. */
export function UserMissing() {
  const { t } = useTranslation('social');
  return (
    <section className="empty-state" aria-labelledby="user-missing-title">
      <Icon name="warning" size={56} className="empty-state__icon" />
      <h1 id="user-missing-title" className="empty-state__title">
        {t('user.missing')}
      </h1>
      <Link className="button" to={paths.dashboard.square.getHref()}>
        {t('common:publicShare.toSquare')}
      </Link>
    </section>
  );
}

export function UserView({ profile, self }: { profile: ProfileResponse; self: boolean }) {
  const { t, i18n } = useTranslation('social');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { user } = profile;
  const [slider, setSlider] = useState<FollowListKind | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = userTabOf(params.get('tab'));
  const tabs = useRef<Partial<Record<UserTab, HTMLButtonElement | null>>>({});

  function select(next: UserTab, focus = false) {
    if (focus) tabs.current[next]?.focus();
    if (next === tab) return;
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === 'story') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function onTabKeyDown(e: KeyboardEvent) {
    const i = USER_TABS.indexOf(tab);
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowLeft'
        ? (i + 1) % USER_TABS.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? USER_TABS.length - 1
            : null;
    if (to === null) return;
    e.preventDefault();
    select(USER_TABS[to]!, true);
  }

  return (
    <section className="social-screen user-screen" aria-labelledby="user-name">
      <header className="user-header">
        <Avatar src={user.avatar} className="user-header__avatar" />
        <div className="user-header__who">
          <h1 id="user-name" className="user-header__name">
            <span>{user.name}</span>
            {user.is_official ? <OfficialBadge /> : null}
          </h1>
          <div className="user-header__counts">
            <button type="button" className="user-count" onClick={() => setSlider('following')}>
              <strong>{formatCount(profile.following_count, lang)}</strong> {t('user.following')}
            </button>
            <button type="button" className="user-count" onClick={() => setSlider('fans')}>
              <strong>{formatCount(profile.follower_count, lang)}</strong> {t('user.fans')}
            </button>
            <button
              type="button"
              className="user-count"
              onClick={() =>
                openDialog('supporters', { of: { kind: 'user', uid: user._id }, title: user.name })
              }
            >
              {t('user.supporters')}
            </button>
          </div>
        </div>
        {self ? null : (
          <div className="user-header__actions">
            <FollowButton user={user} relation={profile.following} place="profileHeader" />
            <button
              type="button"
              className="button button--primary"
              onClick={() => openDialog('charge', { author: user })}
            >
              {t('user.tip')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                openDialog('report', { target: { kind: 'user', id: user._id, title: user.name } })
              }
            >
              {t('user.report')}
            </button>
          </div>
        )}
      </header>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- WAI-ARIA tabs: the selected tab is in the Tab order; its list takes the arrow keys */}
      <div
        className="social-tabs user-screen__tabs"
        role="tablist"
        aria-label={t('user.tabsLabel')}
        onKeyDown={onTabKeyDown}
      >
        {USER_TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`user-tab-${name}`}
            className="social-tabs__tab"
            aria-selected={name === tab}
            aria-controls="user-panel"
            tabIndex={name === tab ? 0 : -1}
            onClick={() => select(name)}
          >
            {t(`user.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        id="user-panel"
        className="social-screen__panel"
        role="tabpanel"
        aria-labelledby={`user-tab-${tab}`}
      >
        {self ? (
          <SelfShares key={tab} kind={KIND[tab]} name={user.name} />
        ) : (
          <UserShares key={tab} uid={user._id} kind={KIND[tab]} name={user.name} />
        )}
      </div>
      {slider ? (
        <Suspense fallback={null}>
          <FollowSlider
            uid={self ? undefined : user._id}
            name={user.name}
            counts={{ following: profile.following_count, fans: profile.follower_count }}
            initialTab={slider}
            onClose={() => setSlider(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function UserShares({ uid, kind, name }: { uid: string; kind: ShareKind; name: string }) {
  const list = useListUserSharingPagesInfiniteQuery({ uid, kind });
  return (
    <SharesOf list={{ ...list, hasNextPage: list.hasNextPage ?? false }} kind={kind} name={name} />
  );
}

function SelfShares({ kind, name }: { kind: ShareKind; name: string }) {
  const list = useListSelfSharingPagesInfiniteQuery({ kind });
  return (
    <SharesOf
      list={{ ...list, hasNextPage: list.hasNextPage ?? false }}
      kind={kind}
      name={name}
      self
    />
  );
}

function SharesOf({
  list,
  kind,
  name,
  self = false,
}: {
  list: Parameters<typeof ShareCardList>[0]['list'];
  kind: ShareKind;
  name: string;
  self?: boolean;
}) {
  const { t } = useTranslation('social');
  const story = kind === 'story';
  return (
    <ShareCardList
      list={list}
      label={t(story ? 'user.list.story' : 'user.list.world', { name })}
      empty={
        <ListEmpty
          text={t(
            self
              ? story
                ? 'user.empty.selfStory'
                : 'user.empty.selfWorld'
              : story
                ? 'user.empty.story'
                : 'user.empty.world',
          )}
        />
      }
    />
  );
}
