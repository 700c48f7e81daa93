import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import {
  useFollowAllRecommendedMutation,
  useListRecommendedUsersQuery,
  type RecommendedUser,
} from '@/api/social';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { AuthorLink } from './author-link';
import { FollowButton } from './follow-button';
import {
  FOLLOW_SUCCESS_KEYS,
  failureMessage,
  followErrorKey,
  followFailed,
} from './follow-machine';
import './social.css';
import { useOnceSubmit } from '@/lib/use-once-submit';

export interface RecommendedUsersProps {
  /** Why they are shown here, in the place's own words (an empty feed, an empty follow list). */
  lead: string;
  /** The heading's level: 2 on a page, 3 inside a dialog whose title is the 2. */
  headingLevel?: 2 | 3;
  /**
   * After one of them is followed with their own button, for a place that then reloads. (Following
   * all reloads the feed and my follow list by their cache tags; a single follow reloads the feed
   * only, as a follow list being read keeps its rows.)
   */
  onFollowed?: () => void;
}

/**
 * Spec 1 §4 "Lists": where my follow list is empty (the feed, the slider's follow tab),
 * recommended users are shown — each with why, how many stories and worlds they shared, and the
 * follow button in the state their relation gives (回关 for one who follows me) — and "follow
 * all"; following them all reloads the list.
 */
export function RecommendedUsers({ lead, headingLevel = 2, onFollowed }: RecommendedUsersProps) {
  const { t } = useTranslation('social');
  const dispatch = useDispatch();
  const titleId = useId();
  const query = useListRecommendedUsersQuery();
  const [followAll, followAllState] = useFollowAllRecommendedMutation();
  const users = query.data?.data ?? [];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function onFollowAll() {
    try {
      await followAll().unwrap();
      dispatch(toastShown({ msg: t(FOLLOW_SUCCESS_KEYS.followAll) }));
    } catch (error) {
      dispatch(toastShown({ msg: followAllErrorText(error, t), type: 'error' }));
    }
  }

  const following = useOnceSubmit(onFollowAll);

  let body;
  if (query.isLoading || (!query.data && !query.isError)) body = <ListLoading />;
  else if (query.isError && users.length === 0)
    body = <ListError onRetry={() => void query.refetch()} />;
  else if (users.length === 0)
    body = (
      <p className="recommend__none">
        {t('recommend.none')}{' '}
        <Link to={paths.dashboard.square.getHref()}>{t('recommend.toSquare')}</Link>
      </p>
    );
  else
    body = (
      <>
        <div className="recommend__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={followAllState.isLoading || following.busy}
            aria-busy={followAllState.isLoading || following.busy}
            onClick={() => void following.run()}
          >
            {t('recommend.followAll')}
          </button>
        </div>
        <ul className="recommend__list" aria-label={t('recommend.listLabel')}>
          {users.map((u) => (
            <RecommendedRow key={u.user._id} recommended={u} onFollowed={onFollowed} />
          ))}
        </ul>
      </>
    );

  return (
    <section className="recommend" aria-labelledby={titleId}>
      <Heading id={titleId} className="recommend__title">
        {t('recommend.title')}
      </Heading>
      <p className="recommend__text">{lead}</p>
      {body}
    </section>
  );
}

function RecommendedRow({
  recommended,
  onFollowed,
}: {
  recommended: RecommendedUser;
  onFollowed?: () => void;
}) {
  const { t, i18n } = useTranslation('social');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { user, recommend_content: content, following } = recommended;
  return (
    <li className="recommend-user">
      <AuthorLink user={user} />
      <div className="recommend-user__follow">
        <FollowButton
          user={user}
          relation={following}
          size="sm"
          onChange={(result) => {
            if (result.following.is_following) onFollowed?.();
          }}
        />
      </div>
      {content.recommend_reason ? (
        <p className="recommend-user__reason">{content.recommend_reason}</p>
      ) : null}
      <p className="recommend-user__counts">
        <span>
          {t('recommend.stories', {
            count: content.story_count,
            formatted: formatCount(content.story_count, lang),
          })}
        </span>
        <span>
          {t('recommend.worlds', {
            count: content.universe_count,
            formatted: formatCount(content.universe_count, lang),
          })}
        </span>
      </p>
    </li>
  );
}

/** A failed follow-all (spec 1 §8): connectivity first, then the follow messages. */
export function followAllErrorText(
  error: unknown,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const failed = followFailed(error);
  if (failed.connectivity) {
    const failure = failureMessage(failed.connectivity, failed.errorId);
    return t(failure.key!, failure.values);
  }
  const message = followErrorKey(failed.code, { action: 'followAll' }, failed.message);
  return message.key ? t(message.key) : (message.text ?? t('social:follow.errors.followFailed'));
}
