import { markSilent, registerErrorMessages } from '../error-messages';
import { cursorPages, firstPageUrl, SOCIAL_PAGE_SIZE } from '../paging';
import {
  generatedApi,
  type ChargingOptionList,
  type MyChargeList,
  type SupporterList,
} from './charging.gen';

/**
 * Charging (tipping) of shared works (spec 2 §4 "Charging", §5, §7, §8; spec 1 §2 charge-list
 * slider, §6). Cache policy: a charge changes my records and stats, the supporters and charts
 * of the share and its author (`charging`) and my power balance (`Benefits`). The options are
 * the server's, labelled in the request's language (the `lang` header), so they are kept per
 * language (`chargingOptionsIn`) for an hour. Supporters and my records
 * are cursor-paged infinite queries following the server's `next` link.
 */
const enhanced = generatedApi.enhanceEndpoints({
  addTagTypes: ['Benefits'],
  endpoints: {
    listChargingOptions: { providesTags: [] },
    chargeShare: { invalidatesTags: ['charging', 'Benefits'] },
  },
});

/** Items per page of the supporters and record lists (the contract's default is also 20). */
export const CHARGE_PAGE_SIZE = SOCIAL_PAGE_SIZE;

/** Whose supporters: a shared work's (by share id) or a user's (all their works, by uid). */
export type SupportersOf = { kind: 'share'; shareId: string } | { kind: 'user'; uid: string };

/** The first page's path of a supporters list. */
export function supportersPath(of: SupportersOf): string {
  return of.kind === 'share'
    ? `/api/v2/sharing/${encodeURIComponent(of.shareId)}/charged_records`
    : `/api/v2/users/${encodeURIComponent(of.uid)}/charged_records`;
}

export const chargingApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    /** The options in `lang`, the language the `lang` header carries (the argument keys the cache). */
    chargingOptionsIn: build.query<ChargingOptionList, { lang: string }>({
      query: () => '/api/v1/settings/charging_options',
      keepUnusedDataFor: 3600,
    }),
    /** Ranked supporters of a share or a user (spec 1 §2 charge-list slider). */
    listSupporterPages: build.infiniteQuery<SupporterList, SupportersOf, string>({
      ...cursorPages<SupporterList, SupportersOf>((of) =>
        firstPageUrl(supportersPath(of), { limit: CHARGE_PAGE_SIZE }),
      ),
      providesTags: ['charging'],
      keepUnusedDataFor: 5,
    }),
    /** My charges, newest first (/dashboard/charge and the record dialog). */
    listMyChargedRecordPages: build.infiniteQuery<MyChargeList, void, string>({
      ...cursorPages<MyChargeList, void>(() =>
        firstPageUrl('/api/v1/user/charged_records', { limit: CHARGE_PAGE_SIZE }),
      ),
      providesTags: ['charging'],
    }),
  }),
});

/** Charge (spec 2 §8 "Charge errors", and the inferred membership, new-user and power codes). */
registerErrorMessages('chargeShare', {
  40325: 'charging:errors.ownWork',
  42244: 'charging:errors.messageTooLong',
  42203: 'charging:errors.sensitive',
  40406: 'charging:errors.shareMissing',
  40417: 'charging:errors.optionMissing',
  40335: 'charging:errors.membersOnly',
  40336: 'charging:errors.newUser',
  40260: 'charging:errors.notEnoughPower',
});
registerErrorMessages('listShareSupporters', { 40406: 'charging:errors.shareMissing' });
registerErrorMessages('getShareChargeChart', { 40406: 'charging:errors.shareMissing' });
registerErrorMessages('listUserSupporters', { 40407: 'charging:errors.userMissing' });
registerErrorMessages('getUserChargeChart', { 40407: 'charging:errors.userMissing' });
// The charge dialog shows its failures in the dialog (at the message field or above the send
// button); the lists and charts show theirs in place, with a retry.
markSilent(
  'chargeShare',
  'listShareSupporters',
  'listUserSupporters',
  'getShareChargeChart',
  'getUserChargeChart',
  'listSupporterPages',
  'listMyChargedRecordPages',
);

/** The endpoint whose messages a supporters list's failure uses. */
export function supportersEndpoint(of: SupportersOf): string {
  return of.kind === 'share' ? 'listShareSupporters' : 'listUserSupporters';
}

export const {
  useChargeShareMutation,
  useGetMyChargedStatsQuery,
  useGetShareChargeChartQuery,
  useGetUserChargeChartQuery,
} = enhanced;

export const {
  useChargingOptionsInQuery,
  useListSupporterPagesInfiniteQuery,
  useListMyChargedRecordPagesInfiniteQuery,
} = chargingApi;

export type {
  ChargeBody,
  ChargeChart,
  ChargeReceipt,
  ChargeStats,
  ChargingOption,
  ChargingOptionList,
  MyCharge,
  MyChargeList,
  Supporter,
  SupporterList,
  UserSummary,
} from './charging.gen';
