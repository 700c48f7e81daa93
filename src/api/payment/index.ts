import { env } from '@/config/env';
import { sessionOf } from '@/core/headers';
import { isApiError, type ApiError } from '@/core/api-error';
import { errorText, markSilent, registerErrorMessages } from '../error-messages';
import {
  generatedApi,
  type PowerPackList,
  type SubscriptionProductList,
  type VipStatus,
} from './payment.gen';

/** The brand's business id on the payment host (`bid`, inferred: the client's brand key). */
export const PAYMENT_BID = 'inkworld';

/** Spec 2 §8: product and subscription lookups reject with this text when logged out. */
export const NOT_TOKEN = 'not token';

/** The rejection of a lookup made while logged out: never sent, a client error. */
export function notTokenError(): ApiError {
  return { status: 401, code: null, serverMessage: NOT_TOKEN, kind: 'client' };
}

export function isNotTokenError(error: unknown): boolean {
  return isApiError(error) && error.code === null && error.serverMessage === NOT_TOKEN;
}

/** The message for a failed payment call: "not token" translated, else the usual resolution. */
export function paymentErrorText(endpoint: string, error: unknown, t: (key: string) => string) {
  return isNotTokenError(error) ? t('membership:errors.notToken') : errorText(endpoint, error, t);
}

/**
 * The address of the alipay page a prepay token opens (spec 2 §7: "returns a token used to
 * build an alipay page link"). The path on the payment host is inferred.
 */
export function alipayPageLink(token: string): string {
  return `${env.services.payment}/api/v1/payment/v1/prepay/${encodeURIComponent(token)}/alipay`;
}

/**
 * Payments (spec 2 §4, §5, §7). Cache policy: the membership status, the products (a paid
 * membership ends the first-month promotion) and the daily allowance carry `payment`, which a
 * cancel, a claim and a finished payment invalidate; the power balance (`Benefits`) changes with
 * a payment and a claim. Order and prepay statuses are never cached: the pay dialogs poll them
 * (`subscribe: false`, `forceRefetch`) and stop when the dialog closes or the payment ends.
 */
const enhanced = generatedApi.enhanceEndpoints({
  endpoints: {
    createOrder: { invalidatesTags: [] },
    createPrepay: { invalidatesTags: [] },
    getOrderStatus: { providesTags: [], keepUnusedDataFor: 0 },
    getPrepayStatus: { providesTags: [], keepUnusedDataFor: 0 },
    cancelSubscription: { invalidatesTags: ['payment'] },
    getDailyAllowance: { providesTags: ['payment'] },
    claimDailyAllowance: { invalidatesTags: ['payment', 'Benefits'] },
  },
});

/** Who is logged in, or null: the lookups below are not sent without a token. */
function viewer(getState: () => unknown): string | null {
  const session = sessionOf(getState);
  return session.accessToken && session.uid ? session.uid : null;
}

const PAYMENT_BASE = '/api/v1/payment/v1';

/**
 * The product and subscription lookups with the brand, the application type and the viewer's
 * uid filled in; logged out they reject with "not token" without sending (spec 2 §5, §8).
 */
export const paymentApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    subscriptionProducts: build.query<SubscriptionProductList, { choosePromotion?: boolean }>({
      async queryFn({ choosePromotion }, api, _extra, baseQuery) {
        const uid = viewer(api.getState);
        if (!uid) return { error: notTokenError() };
        const params: Record<string, string | number | boolean> = {
          bid: PAYMENT_BID,
          app_type: env.appType,
          uid,
        };
        if (choosePromotion) params.choose_promotion = true;
        const result = await baseQuery({ url: `${PAYMENT_BASE}/subscription/products`, params });
        return result.error
          ? { error: result.error as ApiError }
          : { data: result.data as SubscriptionProductList };
      },
      providesTags: ['payment'],
    }),
    subscriptionStatus: build.query<VipStatus, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        if (!viewer(api.getState)) return { error: notTokenError() };
        const result = await baseQuery(`${PAYMENT_BASE}/subscription/status`);
        return result.error
          ? { error: result.error as ApiError }
          : { data: result.data as VipStatus };
      },
      providesTags: ['payment'],
    }),
    powerPacks: build.query<PowerPackList, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        if (!viewer(api.getState)) return { error: notTokenError() };
        const result = await baseQuery({
          url: `${PAYMENT_BASE}/consumable_products`,
          params: { bid: PAYMENT_BID, app_type: env.appType, category: 'words' },
        });
        return result.error
          ? { error: result.error as ApiError }
          : { data: result.data as PowerPackList };
      },
      providesTags: ['payment'],
    }),
  }),
});

const BUY = {
  40420: 'membership:errors.productGone',
  40331: 'membership:errors.membersOnly',
  40339: 'membership:errors.accountShut',
  42200: 'membership:errors.payTypeRefused',
};
registerErrorMessages('createOrder', BUY);
registerErrorMessages('createPrepay', BUY);
registerErrorMessages('getOrderStatus', { 40421: 'membership:errors.orderMissing' });
registerErrorMessages('getPrepayStatus', { 40421: 'membership:errors.orderMissing' });
registerErrorMessages('cancelSubscription', { 40422: 'membership:errors.nothingToCancel' });
registerErrorMessages('claimDailyAllowance', { 40923: 'membership:errors.alreadyClaimed' });
// The pay dialogs show a failed order, prepay or status at their place with a retry.
markSilent('createOrder', 'createPrepay', 'getOrderStatus', 'getPrepayStatus');

export const {
  useCreateOrderMutation,
  useCreatePrepayMutation,
  useCancelSubscriptionMutation,
  useGetDailyAllowanceQuery,
  useClaimDailyAllowanceMutation,
} = enhanced;

export const { useSubscriptionProductsQuery, useSubscriptionStatusQuery, usePowerPacksQuery } =
  paymentApi;

export type {
  CancelSubscriptionBody,
  DailyAllowance,
  Order,
  OrderBody,
  PaymentStatus,
  PayType,
  PowerPack,
  PowerPackList,
  Prepay,
  PrepayBody,
  SubscriptionProduct,
  SubscriptionProductList,
  SubscriptionPromotion,
  VipStatus,
} from './payment.gen';

export { onPaymentUpdated, paymentUpdated, type PaymentUpdate } from './payment-updates';
