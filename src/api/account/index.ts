import { FEEDBACK_TEXT_MAX } from '@/rules/feedback';
import { markSilent, registerErrorMessages } from '../error-messages';
import { generatedApi } from './account.gen';

/**
 * Everything that depends on who is logged in. A login replaces the viewer, so every cached
 * profile (its follow relation is the viewer's) goes stale too.
 */
const viewerTags = ['Self', 'Profile', 'Limits', 'Benefits'] as const;

export const accountApi = generatedApi.enhanceEndpoints({
  endpoints: {
    sendPhoneCode: { invalidatesTags: [] },
    sendEmailCode: { invalidatesTags: [] },
    confirmEmailCode: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },
    loginWithPhone: { invalidatesTags: [...viewerTags] },
    loginWithEmail: { invalidatesTags: [...viewerTags] },
    // The return's first two steps only trade single-use secrets; the proxy login logs in.
    completeOauth: { invalidatesTags: [] },
    getOauthUserToken: { invalidatesTags: [] },
    oauthProxyLogin: { invalidatesTags: [...viewerTags] },
    bindPhone: { invalidatesTags: ['Self'] },
    // New tokens change no data.
    refreshToken: { invalidatesTags: [] },
    // One-shot answers: the OAuth address carries a single-use state, the time must be fresh.
    startOauth: { providesTags: [], keepUnusedDataFor: 0 },
    getAdList: { providesTags: ['Ads'] },
  },
});

/** What the account calls' codes mean here (the same codes mean other things elsewhere). */
const CODE_CHECKS = { 42210: 'auth:errors.codeWrong', 42211: 'auth:errors.codeExpired' };
registerErrorMessages('sendPhoneCode', {
  42901: 'auth:errors.codeTooFrequent',
  42200: 'auth:errors.phoneRejected',
});
registerErrorMessages('sendEmailCode', {
  42901: 'auth:errors.codeTooFrequent',
  42200: 'auth:errors.emailRejected',
});
registerErrorMessages('loginWithPhone', { ...CODE_CHECKS, 42200: 'auth:errors.phoneRejected' });
registerErrorMessages('confirmEmailCode', { ...CODE_CHECKS, 42200: 'auth:errors.emailRejected' });
registerErrorMessages('bindPhone', CODE_CHECKS);
registerErrorMessages('resetPassword', {
  ...CODE_CHECKS,
  40101: 'auth:errors.noAccount',
  42200: 'auth:errors.emailRejected',
});
registerErrorMessages('loginWithEmail', {
  40101: 'auth:errors.passwordWrong',
  42200: 'auth:errors.emailRejected',
});
registerErrorMessages('startOauth', { 42200: 'auth:errors.oauthUnavailable' });
registerErrorMessages('completeOauth', { 42200: 'auth:errors.oauthFailed' });
// A ticket or user token that expired or was spent: the return came too late or twice.
registerErrorMessages('getOauthUserToken', {
  42200: 'auth:errors.oauthFailed',
  42212: 'auth:errors.oauthExpired',
});
registerErrorMessages('oauthProxyLogin', {
  42200: 'auth:errors.oauthFailed',
  42213: 'auth:errors.oauthExpired',
});
// Feedback and appeals: the feedback dialog shows these at the text or above its buttons.
registerErrorMessages('createFeedback', {
  40324: 'account:feedback.errors.dailyLimit',
  42245: 'account:feedback.errors.duplicate',
  42244: { key: 'account:feedback.errors.tooLong', values: { max: FEEDBACK_TEXT_MAX } },
  42200: 'account:feedback.errors.empty',
});
markSilent('createFeedback');
/**
 * The login dialog and the OAuth return show these failures themselves, at the field they
 * concern; a toast on top would say the same thing twice.
 */
markSilent(
  'sendPhoneCode',
  'loginWithPhone',
  'sendEmailCode',
  'confirmEmailCode',
  'loginWithEmail',
  'resetPassword',
  'startOauth',
  'completeOauth',
  'getOauthUserToken',
  'oauthProxyLogin',
);

export const {
  useSendPhoneCodeMutation,
  useSendEmailCodeMutation,
  useConfirmEmailCodeMutation,
  useResetPasswordMutation,
  useLoginWithPhoneMutation,
  useLoginWithEmailMutation,
  useCompleteOauthMutation,
  useGetOauthUserTokenMutation,
  useOauthProxyLoginMutation,
  useBindPhoneMutation,
  useRefreshTokenMutation,
  useLazyStartOauthQuery,
  useGetAdListQuery,
  useCreateFeedbackMutation,
} = accountApi;

export type {
  Ad,
  AdList,
  BindPhoneBody,
  CodeTicket,
  ConfirmCodeBody,
  EmailCodeBody,
  EmailLoginBody,
  ErrorBody,
  FeedbackBody,
  FeedbackCategory,
  FeedbackReceipt,
  OauthCallbackBody,
  OauthProxyLoginBody,
  OauthProvider,
  OauthStart,
  OauthTicket,
  OauthUserToken,
  OauthUserTokenBody,
  PhoneCodeBody,
  PhoneLoginBody,
  ResetPasswordBody,
  TokenPair,
  User,
} from './account.gen';

export {
  startupApi,
  useGetServerTimeQuery,
  useGetUserInfoQuery,
  useGetWritingBenefitsQuery,
  useLazyGetServerTimeQuery,
  useLazyGetUserInfoQuery,
  useLogoutMutation,
  type ServerTime,
  type UserInfoBody,
  type WritingBenefits,
} from './startup';
