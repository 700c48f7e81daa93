import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import {
  useFollowAllRecommendedMutation,
  useListRecommendedUsersQuery,
  type RecommendedUser,
} from '@/api/social';
import { AuthorLink } from '@/components/social/author-link';
import { FollowButton } from '@/components/social/follow-button';
import {
  FOLLOW_SUCCESS_KEYS,
  followErrorKey,
  followFailed,
} from '@/components/social/follow-machine';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';

/**
 * Spec 1 §4: when the follow list is empty, recommended users are shown — each with why, how
 * many stories and worlds they shared, and the follow button — and "follow all"; following them
 * reloads the feed (the mutation invalidates it).
 */
export function FeedRecommendations() {
  const { t } = useTranslation('square');
  const dispatch = useDispatch();
  const query = useListRecommendedUsersQuery();
  const [followAll, followAllState] = useFollowAllRecommendedMutation();
  const users = query.data?.data ?? [];

  async function onFollowAll() {
    try {
      await followAll().unwrap();
      dispatch(toastShown({ msg: t(FOLLOW_SUCCESS_KEYS.followAll) }));
    } catch (error) {
      dispatch(toastShown({ msg: followAllErrorText(error, t), type: 'error' }));
    }
  }

  let body;
  if (query.isLoading || (!query.data && !query.isError)) body = <ListLoading />;
  else if (query.isError && users.length === 0)
    body = <ListError onRetry={() => void query.refetch()} />;
  else if (users.length === 0)
    body = (
      <p className="recommend__none">
        {t('feed.recommend.none')}{' '}
        <Link to={paths.dashboard.square.getHref()}>{t('feed.toSquare')}</Link>
      </p>
    );
  else
    body = (
      <>
        <div className="recommend__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={followAllState.isLoading}
            aria-busy={followAllState.isLoading}
            onClick={() => void onFollowAll()}
          >
            {t('feed.recommend.followAll')}
          </button>
        </div>
        <ul className="recommend__list" aria-label={t('feed.recommend.listLabel')}>
          {users.map((u) => (
            <RecommendedRow key={u.user._id} recommended={u} />
          ))}
        </ul>
      </>
    );

  return (
    <section className="recommend" aria-labelledby="recommend-title">
      <h2 id="recommend-title" className="recommend__title">
        {t('feed.recommend.title')}
      </h2>
      <p className="recommend__text">{t('feed.recommend.text')}</p>
      {body}
    </section>
  );
}

/**
 * The recommendation carries no relation; it leaves out those I follow, so each starts as not
 * followed (a recommended user who follows me shows "follow" rather than "follow back").
 */
const NOT_FOLLOWING = { is_follower: false, is_following: false };

function RecommendedRow({ recommended }: { recommended: RecommendedUser }) {
  const { t, i18n } = useTranslation('square');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { user, recommend_content: content } = recommended;
  return (
    <li className="recommend-user">
      <AuthorLink user={user} />
      <div className="recommend-user__follow">
        <FollowButton user={user} relation={NOT_FOLLOWING} size="sm" />
      </div>
      {content.recommend_reason ? (
        <p className="recommend-user__reason">{content.recommend_reason}</p>
      ) : null}
      <p className="recommend-user__counts">
        <span>
          {t('feed.recommend.stories', {
            count: content.story_count,
            formatted: formatCount(content.story_count, lang),
          })}
        </span>
        <span>
          {t('feed.recommend.worlds', {
            count: content.universe_count,
            formatted: formatCount(content.universe_count, lang),
          })}
        </span>
      </p>
    </li>
  );
}

/** A failed follow-all (spec 1 §8): connectivity first, then the follow messages. */
export function followAllErrorText(error: unknown, t: (key: string) => string): string {
  const failed = followFailed(error);
  if (failed.connectivity) {
    return t(failed.connectivity === 'timeout' ? 'errors:timeout' : 'errors:network');
  }
  const message = followErrorKey(failed.code, { action: 'followAll' }, failed.message);
  return message.key ? t(message.key) : (message.text ?? t('social:follow.errors.followFailed'));
}
