import { http as mswHttp, HttpResponse } from 'msw';
import { apiError } from '@mocks/http';
import { POWER_PACKS, PROMOTION_PRODUCTS, SUBSCRIPTION_PRODUCTS } from '@mocks/payments';
import { packPurchase, subscriptionPurchase } from '../model/purchase';

/**
 * Answers of the payment calls for stories and tests: failing (a server error), empty, or
 * never (the loading state), and purchases of the mock's own products. The seeded answers are
 * the backend's (mocks/handlers/payment.ts); its scenarios give the user types.
 */
const PRODUCTS = '*/api/v1/payment/v1/subscription/products';
const PACKS = '*/api/v1/payment/v1/consumable_products';
const ORDER_STATUS = '*/api/v1/payment/v1/orders/:id/status';

const failing = (path: string) => [
  mswHttp.get(path, () => apiError(50000, 'internal server error', null, 500)),
];
const empty = (path: string) => [mswHttp.get(path, () => HttpResponse.json({ data: [] }))];
const never = (path: string) => [mswHttp.get(path, () => new Promise<never>(() => {}))];

export const productsFail = () => failing(PRODUCTS);
export const productsEmpty = () => empty(PRODUCTS);
export const productsPending = () => never(PRODUCTS);
export const packsFail = () => failing(PACKS);
export const packsEmpty = () => empty(PACKS);
export const packsPending = () => never(PACKS);
/** Every order status answers with this end (the payer paid, or the order lapsed). */
export const orderStatusIs = (status: 'paid' | 'expired' | 'cancelled') => [
  mswHttp.get(ORDER_STATUS, () => HttpResponse.json({ status })),
];

export const PACK_10K = packPurchase(POWER_PACKS.find((p) => p.id === 'pack_10k')!);
export const MONTH_AUTO = subscriptionPurchase(
  SUBSCRIPTION_PRODUCTS.find((p) => p.id === 'sub_month_auto')!,
  'vip',
);
export const FIRST_MONTH = subscriptionPurchase(
  PROMOTION_PRODUCTS.find((p) => p.id === 'promo_first_month')!,
  'retention',
);
