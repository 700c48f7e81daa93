import { registerErrorMessages } from '../error-messages';
import { generatedApi } from './startup.gen';

/**
 * The account calls of every page: at start-up (who the stored token belongs to, the server's
 * time) and in the signed-in header (the power balance, logging out). A module of their own,
 * so the first screen loads them without the other account operations (login, codes, OAuth,
 * feedback: `index.ts`, loaded with the dialogs and screens that use them).
 */
export const startupApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getUserInfo: { providesTags: ['Self'] },
    // One-shot answer: the time must be fresh.
    getServerTime: { providesTags: [], keepUnusedDataFor: 0 },
    getWritingBenefits: { providesTags: ['Benefits'] },
    // Refetching after logout would only meet 401s; the session code resets the API state instead.
    logout: { invalidatesTags: [] },
  },
});

// Start-up lookup: the account of the token is gone (login_reset, spec 2 §4).
registerErrorMessages('getUserInfo', { 40407: 'session:errors.userMissing' });

export const {
  useGetUserInfoQuery,
  useLazyGetUserInfoQuery,
  useGetServerTimeQuery,
  useLazyGetServerTimeQuery,
  useGetWritingBenefitsQuery,
  useLogoutMutation,
} = startupApi;

export type { ServerTime, User, UserInfoBody, WritingBenefits } from './startup.gen';
