import { markSilent, registerErrorMessages } from '../error-messages';
import { generatedApi } from './profile.gen';

/** The own profile is cached under this id; other users' profiles under their uid. */
export const SELF_PROFILE_ID = 'SELF';

export const profileApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getSelfProfile: { providesTags: [{ type: 'Profile', id: SELF_PROFILE_ID }] },
    getUserProfile: {
      providesTags: (_result, _error, { uid }) => [{ type: 'Profile', id: uid }],
    },
    getSelfProfileLimits: { providesTags: ['Limits'] },
    // The nickname shows in the account (Self), the own profile under both of its ids, and
    // uses up one of the month's changes (Limits). A refused change may also have been counted.
    updateNickname: {
      invalidatesTags: (result) => [
        'Self',
        'Limits',
        { type: 'Profile', id: SELF_PROFILE_ID },
        ...(result ? [{ type: 'Profile' as const, id: result.user._id }] : []),
      ],
    },
    // Upload access is single-use: never serve it from the cache.
    getAvatarUploadAccess: { providesTags: [], keepUnusedDataFor: 0 },
  },
});

registerErrorMessages('updateNickname', {
  40332: 'errors:profile.nicknameMonthlyLimit',
  40334: 'errors:profile.nicknameLocked',
  42250: 'errors:profile.nicknameEmpty',
  42251: 'errors:profile.nicknameTooLong',
  42252: 'errors:profile.nicknameSymbols',
  42253: 'errors:profile.nicknameSensitive',
});
// The nickname dialog shows refusals at its field; the upload pipeline shows its own messages.
markSilent('updateNickname', 'getAvatarUploadAccess');
registerErrorMessages('getAvatarUploadAccess', {
  40306: 'media:errors.maintenance',
  40307: 'media:errors.tooFrequent',
  40332: 'errors:profile.avatarMonthlyLimit',
});
registerErrorMessages('getUserProfile', { 40407: 'errors:profile.userMissing' });

export const {
  useGetSelfProfileQuery,
  useGetUserProfileQuery,
  useGetSelfProfileLimitsQuery,
  useUpdateNicknameMutation,
  useLazyGetAvatarUploadAccessQuery,
} = profileApi;

export type {
  FollowRelation,
  LimitItem,
  NicknameBody,
  ProfileLimits,
  ProfileResponse,
  UploadAccess,
  UserSummary,
} from './profile.gen';
