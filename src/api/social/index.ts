import { SELF_PROFILE_ID } from '../profile';
import { markSilent, registerErrorMessages } from '../error-messages';
import { cursorPages, firstPageUrl, SOCIAL_PAGE_SIZE } from '../paging';
import { generatedApi, type FollowUserList, type ShareKind, type ShareList } from './social.gen';

// The paged-list parts live with the paging rules, so the square's lists do not load this module.
export { cursorPages, SOCIAL_PAGE_SIZE } from '../paging';

/**
 * Rows per page of the follow and fans lists: the contract's largest page (1-50). A list of
 * plain rows may run to thousands (a popular author's fans), so it takes fewer, larger pages.
 */
export const FOLLOW_PAGE_SIZE = 50;

/**
 * A follow changes the user's fan count and mine (both profiles), what the feed shows and who
 * is recommended. Follow lists are not invalidated: a list being read keeps its rows (the row's
 * own button shows the new state), and a list opened again is fetched anew. The feed likewise
 * keeps its cards on an unfollow, which is pressed on one of them (an author's hover card): a
 * reload would take the card, its hover card and the focus in it away. A follow reloads it, so
 * the empty feed's recommendations give way to the shares.
 */
const unfollowChanged = (uid: string) => [
  { type: 'Profile' as const, id: uid },
  { type: 'Profile' as const, id: SELF_PROFILE_ID },
  'Recommended' as const,
];
const followChanged = (uid: string) => [...unfollowChanged(uid), 'Feed' as const];

const enhanced = generatedApi.enhanceEndpoints({
  addTagTypes: ['Feed', 'Recommended', 'Sharings', 'FollowList'],
  endpoints: {
    followUser: { invalidatesTags: (_r, _e, { uid }) => followChanged(uid) },
    unfollowUser: { invalidatesTags: (_r, _e, { uid }) => unfollowChanged(uid) },
    // Spec 1 §4: following all reloads the list they were offered for (the feed, my follow list).
    followAllRecommended: {
      invalidatesTags: [
        'Feed',
        'Recommended',
        { type: 'Profile', id: SELF_PROFILE_ID },
        { type: 'FollowList', id: 'SELF-following' },
      ],
    },
    listRecommendedUsers: { providesTags: ['Recommended'] },
    createReport: { invalidatesTags: [] },
  },
});

export const socialApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    listSelfSharingPages: build.infiniteQuery<ShareList, { kind: ShareKind }, string>({
      ...cursorPages<ShareList, { kind: ShareKind }>(({ kind }) =>
        firstPageUrl('/api/v2/self/sharings', { type: kind, limit: SOCIAL_PAGE_SIZE }),
      ),
      providesTags: (_r, _e, { kind }) => [{ type: 'Sharings', id: `SELF-${kind}` }],
    }),
    listUserSharingPages: build.infiniteQuery<ShareList, { uid: string; kind: ShareKind }, string>({
      ...cursorPages<ShareList, { uid: string; kind: ShareKind }>(({ uid, kind }) =>
        firstPageUrl(`/api/v2/users/${encodeURIComponent(uid)}/sharings`, {
          type: kind,
          limit: SOCIAL_PAGE_SIZE,
        }),
      ),
      providesTags: (_r, _e, { uid, kind }) => [{ type: 'Sharings', id: `${uid}-${kind}` }],
    }),
    /** Fans or followed users of me (`uid` undefined) or of another user. */
    listFollowPages: build.infiniteQuery<
      FollowUserList,
      { uid?: string; list: 'fans' | 'following' },
      string
    >({
      ...cursorPages<FollowUserList, { uid?: string; list: 'fans' | 'following' }>(
        ({ uid, list }) => firstPageUrl(followListPath(uid, list), { limit: FOLLOW_PAGE_SIZE }),
      ),
      providesTags: (_r, _e, { uid, list }) => [
        { type: 'FollowList', id: `${uid ?? 'SELF'}-${list}` },
      ],
      keepUnusedDataFor: 5,
    }),
    listFeedPages: build.infiniteQuery<ShareList, void, string>({
      ...cursorPages<ShareList, void>(() =>
        firstPageUrl('/api/v2/following_shares_feed', { limit: SOCIAL_PAGE_SIZE }),
      ),
      providesTags: ['Feed'],
      // Kept on an unfollow while read (see `unfollowChanged`): opened again, it is fetched anew.
      keepUnusedDataFor: 5,
    }),
  }),
});

/** The path of a follow list: the self endpoints for my own lists (spec 1 §6), uid ones otherwise. */
export function followListPath(uid: string | undefined, list: 'fans' | 'following'): string {
  if (uid === undefined) {
    return list === 'fans' ? '/api/v2/self/followers' : '/api/v2/self/following_users';
  }
  const user = `/api/v2/users/${encodeURIComponent(uid)}`;
  return list === 'fans' ? `${user}/followers` : `${user}/following_users`;
}

/** Follow (spec 1 §8 "Follow"): the button resolves these itself, by place (see the machine). */
const FOLLOW = {
  40407: 'social:follow.errors.userMissing',
  40328: 'social:follow.errors.self',
  40329: 'social:follow.errors.dailyLimit',
  40327: 'social:follow.errors.alreadyFollowed',
  40417: 'social:follow.errors.relationMissing',
};
registerErrorMessages('followUser', FOLLOW);
registerErrorMessages('unfollowUser', FOLLOW);
registerErrorMessages('followAllRecommended', { 40329: 'social:follow.errors.dailyLimit' });
registerErrorMessages('createReport', {
  40324: 'social:report.errors.dailyLimit',
  42245: 'social:report.errors.alreadyReported',
  40406: 'social:report.errors.shareMissing',
  40407: 'social:report.errors.userMissing',
  42244: 'social:report.errors.descriptionTooLong',
});
registerErrorMessages('listUserSharings', { 40407: 'errors:profile.userMissing' });
registerErrorMessages('listUserFollowers', { 40407: 'errors:profile.userMissing' });
registerErrorMessages('listUserFollowing', { 40407: 'errors:profile.userMissing' });
// The follow button and the report dialog show their own messages (at the button, the field).
markSilent('followUser', 'unfollowUser', 'followAllRecommended', 'createReport');

export const {
  useFollowUserMutation,
  useUnfollowUserMutation,
  useFollowAllRecommendedMutation,
  useListRecommendedUsersQuery,
  useCreateReportMutation,
} = enhanced;

export const {
  useListSelfSharingPagesInfiniteQuery,
  useListUserSharingPagesInfiniteQuery,
  useListFollowPagesInfiniteQuery,
  useListFeedPagesInfiniteQuery,
} = socialApi;

export type {
  FollowAllResult,
  FollowRelation,
  FollowResult,
  FollowUser,
  FollowUserList,
  RecommendedUser,
  ReportBody,
  ReportType,
  Share,
  ShareKind,
  ShareList,
  UserSummary,
} from './social.gen';
