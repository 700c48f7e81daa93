import type { components } from '@/api/schema.gen';
import { clock } from '../clock';
import { db } from '../db';
import { fail, handle, http, ok, readBody, requireAuth } from '../http';
import {
  cancelAutoRenew,
  createPaymentOnce,
  findPayment,
  findProduct,
  isMember,
  isShut,
  paymentLink,
  POWER_PACKS,
  PAYMENT_TTL_S,
  promotionsFor,
  SUBSCRIPTION_PRODUCTS,
  syncMembership,
  syncPayment,
  vipStatusOut,
} from '../payments';
import { grantActivity, syncPower } from '../power';
import { qrSvgDataUrl } from '../qr';
import { productIn, servedLang } from '../served-copy';

/**
 * Payment (spec 2 §4, §5, §7): products, orders and prepays with their status, the membership
 * and its auto-renew, and the daily allowance. The state machine lives in mocks/payments.ts.
 */

/** Spec 2 §1, §9: a promotion gives 500 power daily; the mock's promotion is always on. */
export const DAILY_ALLOWANCE = 500;
const UTC8_MS = 8 * 3600_000;

/** The UTC+8 calendar day of a moment (YYYY-MM-DD). */
export function utc8Day(ms: number): string {
  return new Date(ms + UTC8_MS).toISOString().slice(0, 10);
}

/**
 * Activity power lasts through the claim month and the next (spec 2 §1): the end of the next
 * UTC+8 calendar month, in seconds.
 */
export function endOfNextMonthS(ms: number): number {
  const d = new Date(ms + UTC8_MS);
  return (Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 1) - UTC8_MS) / 1000;
}

function query(request: Request) {
  return new URL(request.url).searchParams;
}

/** `bid` present and `app_type` 30 (spec 2 §9), as every payment-host call sends them. */
function checkBrand(params: URLSearchParams) {
  if (!params.get('bid')) fail(42200, 'missing parameters: bid');
  if (params.get('app_type') !== '30') fail(42200, 'missing parameters: app_type');
}

/**
 * What an order or prepay may buy: 40339 nothing for a shut (banned) account, 40420 unknown
 * product or a promotion that is over, 40331 a members-only pack for a non-member, 42200 a pay
 * type the product does not take.
 */
async function purchasable(uid: string, productId: string, payType: number) {
  if (isShut(uid)) fail(40339, 'account is shut');
  const found = findProduct(productId);
  if (!found) fail(40420, 'product missing');
  if (found.type === 'subscription' && found.product.promotion) {
    const offered = promotionsFor(uid).find((p) => p.id === productId);
    if (!offered?.promotion?.available) fail(40420, 'promotion not available');
  }
  if (found.type === 'pack' && found.product.vip_only && !(await isMember(uid)))
    fail(40331, 'pack for members only');
  if (!(found.product.pay_types as number[]).includes(payType))
    fail(42200, 'missing parameters: pay_type not taken by the product');
  return found;
}

/** createOrder; `ttlS` is shortened by the order-expires-fast scenario. */
export function createOrderResolver(ttlS = PAYMENT_TTL_S) {
  return handle(async ({ request }: { request: Request }) => {
    const uid = requireAuth(request);
    const body = (await readBody(request)) as components['schemas']['OrderBody'];
    await purchasable(uid, body.product_id, body.pay_type);
    const payment = await createPaymentOnce(
      {
        kind: 'order',
        uid,
        product_id: body.product_id,
        pay_type: body.pay_type,
        pay_scene: body.pay_scene,
        ttlS,
      },
      request.headers.get('Idempotency-Key'),
    );
    const link = paymentLink(payment, new URL(request.url).origin, request.headers.get('lang'));
    return ok({
      order_number: payment.id,
      payment_link: link,
      pay_type: body.pay_type,
      qrcode: body.qrcode_mode === 1 ? qrSvgDataUrl(link, body.qrcode_width ?? 200) : '',
      expires_at: payment.expires_at,
    });
  });
}

/** createPrepay (alipay); `ttlS` as createOrderResolver. */
export function createPrepayResolver(ttlS = PAYMENT_TTL_S) {
  return handle(async ({ request }: { request: Request }) => {
    const uid = requireAuth(request);
    const body = (await readBody(request)) as components['schemas']['PrepayBody'];
    if (body.uid !== uid) fail(42200, 'missing parameters: uid');
    await purchasable(uid, body.product_id, 2);
    const payment = await createPaymentOnce(
      {
        kind: 'prepay',
        uid,
        product_id: body.product_id,
        pay_type: 2,
        pay_scene: 'prepay',
        ttlS,
      },
      request.headers.get('Idempotency-Key'),
    );
    return ok({ token: payment.id, expires_at: payment.expires_at });
  });
}

async function statusOf(uid: string, id: string, kind: 'order' | 'prepay') {
  const found = findPayment(id);
  if (!found || found.uid !== uid || found.kind !== kind) fail(40421, `no such ${kind}`);
  return ok({ status: (await syncPayment(found)).status });
}

export const PAYMENT_ORDERS_PATH = '/api/v1/payment/v1/orders';
export const PAYMENT_PREPAY_PATH = '/api/v1/payment/v1/prepay';

export const paymentHandlers = [
  http.get(
    '/api/v1/payment/v1/subscription/products',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const params = query(request);
      checkBrand(params);
      if (params.get('uid') !== uid) fail(42200, 'missing parameters: uid');
      const choose = params.get('choose_promotion');
      if (choose !== null && choose !== 'true' && choose !== 'false')
        fail(42200, 'missing parameters: choose_promotion');
      const data =
        choose === 'true'
          ? [...promotionsFor(uid), ...SUBSCRIPTION_PRODUCTS]
          : SUBSCRIPTION_PRODUCTS;
      const lang = servedLang(request);
      return ok({ data: data.map((p) => productIn(p, lang)) });
    }),
  ),

  http.get(
    '/api/v1/payment/v1/subscription/status',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      return ok(vipStatusOut(await syncMembership(uid)));
    }),
  ),

  http.get(
    '/api/v1/payment/v1/consumable_products',
    handle(({ request }) => {
      requireAuth(request);
      const params = query(request);
      checkBrand(params);
      if (params.get('category') !== 'words') fail(42200, 'missing parameters: category');
      const lang = servedLang(request);
      return ok({ data: POWER_PACKS.map((p) => productIn(p, lang)) });
    }),
  ),

  http.post(PAYMENT_ORDERS_PATH, createOrderResolver()),
  http.post(PAYMENT_PREPAY_PATH, createPrepayResolver()),

  http.get(
    '/api/v1/payment/v1/orders/{id}/status',
    handle(async ({ request, params }) => statusOf(requireAuth(request), params.id, 'order')),
  ),

  http.get(
    '/api/v1/payment/v1/prepay/{token}/status',
    handle(async ({ request, params }) => statusOf(requireAuth(request), params.token, 'prepay')),
  ),

  http.post(
    '/api/v1/payment/v1/subscription/cancel',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const body = await readBody(request);
      if (body.uid !== uid) fail(42200, 'missing parameters: uid');
      const after = await cancelAutoRenew(uid);
      if (!after) fail(40422, 'no auto-renewing membership to cancel');
      return ok(vipStatusOut(after));
    }),
  ),

  http.get(
    '/api/v1/user/benefits/checkin',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      await syncPower(uid);
      const today = todaysClaim(uid);
      return ok({
        claimed: !!today,
        power: DAILY_ALLOWANCE,
        expires_at: today?.expires_at ?? null,
      });
    }),
  ),

  http.post(
    '/api/v1/user/benefits/checkin',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      if (todaysClaim(uid)) fail(40923, 'already claimed today');
      const now = clock.nowMs();
      const expires = endOfNextMonthS(now);
      await grantActivity(uid, DAILY_ALLOWANCE, expires, 'checkin', utc8Day(now));
      return ok({ claimed: true, power: DAILY_ALLOWANCE, expires_at: expires });
    }),
  ),
];

/** Today's (UTC+8) claim of the user, if any (used-up grants are kept until they expire). */
function todaysClaim(uid: string) {
  const day = utc8Day(clock.nowMs());
  return db.powerGrants.findFirst((q) => q.where({ uid, kind: 'checkin', day }));
}
