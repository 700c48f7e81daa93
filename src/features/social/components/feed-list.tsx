import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetSelfProfileQuery } from '@/api/profile';
import { useListFeedPagesInfiniteQuery } from '@/api/social';
import { RecommendedUsers } from '@/components/social/recommended-users';
import { ListEmpty, ListLoading } from '@/components/ui/list-state/list-state';
import { paths } from '@/config/paths';
import { ShareCardList } from './share-card-list';

/**
 * The shares of the authors I follow (GET /api/v2/following_shares_feed), newest first, with
 * the list behaviours of the square. For the logged-in viewer only (the square's follow tab and
 * /dashboard/feed). An empty feed is told apart by my profile's `following_count`: following
 * nobody shows the recommended users (spec 1 §4); following authors who have not shared yet
 * says so and points to the square.
 */
export default function FeedList() {
  const { t } = useTranslation('square');
  const feed = useListFeedPagesInfiniteQuery();
  return (
    <ShareCardList
      list={{ ...feed, hasNextPage: feed.hasNextPage ?? false }}
      label={t('feed.label')}
      empty={<FeedEmpty />}
    />
  );
}

function FeedEmpty() {
  const { t } = useTranslation('square');
  const profile = useGetSelfProfileQuery();
  if (profile.isLoading) return <ListLoading />;
  // Not knowing whom I follow (the profile failed) counts as following nobody: the
  // recommendations are the useful way on from an empty feed either way.
  if (!profile.data || profile.data.following_count === 0) {
    return <RecommendedUsers lead={t('feed.recommend.text')} />;
  }
  return (
    <ListEmpty title={t('feed.empty.title')} text={t('feed.empty.text')}>
      <Link className="button" to={paths.dashboard.square.getHref()}>
        {t('feed.toSquare')}
      </Link>
    </ListEmpty>
  );
}
