import type { components } from '@/api/schema.gen';
import { MEMBER_MONTHLY_POWER } from '@/rules/membership';
import { clock } from './clock';
import { db, type MembershipRecord, type PaymentRecord } from './db';
import { oneAtATime } from './one-at-a-time';
import { addPackPower, setMemberPower, syncPower } from './power';
import { pushToUser } from './realtime';
import { productIn, type ServedLang } from './served-copy';

/**
 * The mock's payments backend (spec 2 §1, §3, §4 "Payment"): the product catalogue, orders and
 * prepays that move pending -> paid / expired / cancelled, and what a payment gives (membership
 * with member power, or pack power). Handlers in handlers/payment.ts; the admin API pays or
 * cancels a pending payment the way the payer's phone would (backend.ts, `/__mock/payments`).
 */

type SubscriptionProduct = components['schemas']['SubscriptionProduct'];
type PowerPack = components['schemas']['PowerPack'];
type VipStatus = components['schemas']['VipStatus'];

const DAY_S = 86400;
/** Spec 2 §1, §9: members receive 100000 power per month (one constant with the client's copy). */
export { MEMBER_MONTHLY_POWER };
export const MEMBER_MONTH_S = 30 * DAY_S;
/** An unpaid order or prepay expires after 5 minutes (inferred). */
export const PAYMENT_TTL_S = 5 * 60;
/** Where the backend serves its cashier page (mocks/cashier.ts), which the QR and link open. */
export const CASHIER_PATH = '/mock-pay/';

/** Always on: a subscription product's ordinary listing (no `choose_promotion`). */
export const SUBSCRIPTION_PRODUCTS: SubscriptionProduct[] = [
  {
    id: 'sub_month_auto',
    name: '连续包月',
    price: 25,
    original_price: 30,
    hot: false,
    hot_desc: '',
    pay_types: [2, 3],
    auto_renew: true,
    duration: 30,
    items: [],
    promotion: null,
  },
  {
    id: 'sub_month',
    name: '月度会员',
    price: 30,
    original_price: 30,
    hot: false,
    hot_desc: '',
    pay_types: [2, 3],
    auto_renew: false,
    duration: 30,
    items: [],
    promotion: null,
  },
  {
    // Same name as sub_month: the client shows duplicate names once (spec 2 §5).
    id: 'sub_month_legacy',
    name: '月度会员',
    price: 30,
    original_price: 35,
    hot: false,
    hot_desc: '',
    pay_types: [2, 3],
    auto_renew: false,
    duration: 30,
    items: [],
    promotion: null,
  },
  {
    id: 'sub_quarter',
    name: '季度会员',
    price: 68,
    original_price: 90,
    hot: true,
    hot_desc: '最受欢迎',
    pay_types: [2, 3],
    auto_renew: false,
    duration: 90,
    items: [{ quantity: 10_000 }],
    promotion: null,
  },
  {
    id: 'sub_year',
    name: '年度会员',
    price: 238,
    original_price: 360,
    hot: true,
    hot_desc: '立省 122 元',
    pay_types: [2, 3],
    auto_renew: false,
    duration: 365,
    items: [{ quantity: 50_000 }],
    promotion: null,
  },
];

/**
 * Listed only with `choose_promotion=true`. The first-month offer is available until the user
 * has paid any membership; the holiday one is over (`available` false: the client skips it).
 */
export const PROMOTION_PRODUCTS: SubscriptionProduct[] = [
  {
    id: 'promo_first_month',
    name: '首月特惠连续包月',
    price: 25,
    original_price: 30,
    hot: true,
    hot_desc: '首月仅需 9.9 元',
    pay_types: [2, 3],
    auto_renew: true,
    duration: 30,
    items: [],
    promotion: { name: '首月特惠', available: true, discount_price: 9.9 },
  },
  {
    id: 'promo_new_year',
    name: '新春年卡',
    price: 198,
    original_price: 360,
    hot: true,
    hot_desc: '限时',
    pay_types: [2, 3],
    auto_renew: false,
    duration: 365,
    items: [],
    promotion: { name: '新春特惠', available: false, discount_price: 168 },
  },
];

/**
 * Power packs (category `words`); names carry Chinese, spaces and "words" (the client strips
 * them). The catalogue's names and tags are Chinese; English ones are in `served-copy.ts`.
 */
export const POWER_PACKS: PowerPack[] = [
  {
    id: 'pack_3k',
    name: '3000 words 体验包',
    price: 3,
    original_price: 3,
    hot: false,
    hot_desc: '',
    quantity: 3_000,
    vip_only: false,
    // Weixin only: an alipay order of it is refused (42200).
    pay_types: [3],
  },
  {
    id: 'pack_10k',
    name: '10000 words 能量包',
    price: 9.9,
    original_price: 12,
    hot: false,
    hot_desc: '',
    quantity: 10_000,
    vip_only: false,
    pay_types: [2, 3],
  },
  {
    id: 'pack_50k',
    name: '50000Words 超值包',
    price: 45,
    original_price: 60,
    hot: true,
    hot_desc: '超值',
    quantity: 50_000,
    vip_only: false,
    pay_types: [2, 3],
  },
  {
    id: 'pack_200k',
    name: '200000 words 会员专享',
    price: 158,
    original_price: 240,
    hot: false,
    hot_desc: '',
    quantity: 200_000,
    vip_only: true,
    pay_types: [2, 3],
  },
  {
    id: 'pack_1m',
    name: '1000000 WORDS 会员大包',
    price: 698,
    original_price: 1200,
    hot: true,
    hot_desc: '会员专享',
    quantity: 1_000_000,
    vip_only: true,
    pay_types: [2, 3],
  },
];

export type Product =
  { type: 'subscription'; product: SubscriptionProduct } | { type: 'pack'; product: PowerPack };

export function findProduct(id: string): Product | null {
  const sub = [...SUBSCRIPTION_PRODUCTS, ...PROMOTION_PRODUCTS].find((p) => p.id === id);
  if (sub) return { type: 'subscription', product: sub };
  const pack = POWER_PACKS.find((p) => p.id === id);
  return pack ? { type: 'pack', product: pack } : null;
}

/** Whether the user has ever paid a membership (the first-month offer is then gone). */
export function hasPaidMembership(uid: string): boolean {
  return db.payments
    .findMany((q) => q.where({ uid, status: 'paid' }))
    .some((p) => findProduct(p.product_id)?.type === 'subscription');
}

/** The promotional products as this user sees them. */
export function promotionsFor(uid: string): SubscriptionProduct[] {
  const used = hasPaidMembership(uid);
  return PROMOTION_PRODUCTS.map((p) =>
    p.id === 'promo_first_month' && used && p.promotion
      ? { ...p, promotion: { ...p.promotion, available: false } }
      : p,
  );
}

// ------------------------------------------------------------------ membership

/**
 * The stored membership brought up to the clock: an auto-renewing one past its end renews
 * (the card on file is charged, one product duration at a time), and while it is active the
 * member power refills to 100000 each month. Answers the row, or null for a free user.
 */
export async function syncMembership(uid: string): Promise<MembershipRecord | null> {
  const row = db.memberships.findFirst((q) => q.where({ uid }));
  if (!row) return null;
  const now = clock.nowS();
  if (row.autoRenew && row.viptype !== 0 && row.expiresTime <= now) {
    const duration = (findProduct(row.product_id)?.product as SubscriptionProduct | undefined)
      ?.duration;
    const step = (duration ?? 30) * DAY_S;
    let end = row.expiresTime;
    while (end <= now) end += step;
    await db.memberships.update((q) => q.where({ uid }), {
      data: (m) => {
        m.expiresTime = end;
        m.autoRenewTime = end;
      },
    });
  }
  const current = db.memberships.findFirst((q) => q.where({ uid }))!;
  if (isActive(current, now)) {
    // The month's member power is due when the last month's ran out (syncPower clears an
    // expired one) or none was ever given; power set without an expiry is left alone.
    const before = db.benefits.findFirst((q) => q.where({ uid }));
    const lapsed = before && before.vip_expiry > 0 && before.vip_expiry <= now;
    const benefits = await syncPower(uid);
    if (lapsed || (benefits.vip_expiry === 0 && benefits.vip_words === 0))
      await setMemberPower(
        uid,
        MEMBER_MONTHLY_POWER,
        Math.min(current.expiresTime, now + MEMBER_MONTH_S),
      );
  }
  return current;
}

export function isActive(m: MembershipRecord | null | undefined, now = clock.nowS()): boolean {
  return !!m && m.viptype !== 0 && m.effectTime <= now && now < m.expiresTime;
}

export function vipStatusOut(m: MembershipRecord | null): VipStatus {
  if (!m)
    return {
      autoRenew: false,
      autoRenewTime: 0,
      stripeAuto: false,
      effectTime: 0,
      expiresTime: 0,
      viptype: 0,
    };
  return {
    autoRenew: m.autoRenew,
    autoRenewTime: m.autoRenew ? m.autoRenewTime : 0,
    stripeAuto: m.stripeAuto,
    effectTime: m.effectTime,
    expiresTime: m.expiresTime,
    viptype: m.viptype,
  };
}

/** Whether the user is a member now (viptype set and now in [effectTime, expiresTime)). */
export async function isMember(uid: string): Promise<boolean> {
  return isActive(await syncMembership(uid));
}

/**
 * A paid subscription: membership from now (or extended from the end of an active one) for
 * the product's duration, auto-renew as the product says, member power for the month, the
 * free gift as pack power.
 */
async function applySubscription(uid: string, product: SubscriptionProduct) {
  const now = clock.nowS();
  const current = await syncMembership(uid);
  const active = isActive(current, now);
  const start = active ? current!.effectTime : now;
  const end = (active ? current!.expiresTime : now) + product.duration * DAY_S;
  const row: MembershipRecord = {
    uid,
    viptype: 1,
    effectTime: start,
    expiresTime: end,
    autoRenew: product.auto_renew,
    autoRenewTime: product.auto_renew ? end : 0,
    stripeAuto: false,
    product_id: product.id,
  };
  if (current)
    await db.memberships.update((q) => q.where({ uid }), {
      data: (m) => void Object.assign(m, row),
    });
  else await db.memberships.create(row);
  await setMemberPower(uid, MEMBER_MONTHLY_POWER, Math.min(end, now + MEMBER_MONTH_S));
  const gift = product.items.reduce((sum, item) => sum + item.quantity, 0);
  if (gift > 0) await addPackPower(uid, gift);
}

/** Turns auto-renew off (vip_sub -> vip_nosub); false when there is nothing to cancel. */
export async function cancelAutoRenew(uid: string): Promise<MembershipRecord | null> {
  const current = await syncMembership(uid);
  if (!current || !isActive(current) || !current.autoRenew) return null;
  return (await db.memberships.update((q) => q.where({ uid }), {
    data: (m) => {
      m.autoRenew = false;
      m.autoRenewTime = 0;
      m.stripeAuto = false;
    },
  }))!;
}

// ------------------------------------------------------------------ orders and prepays

let paymentSeq = 0;

function stamp(): string {
  const d = new Date(clock.nowMs() + 8 * 3600_000);
  return d.toISOString().slice(0, 10).replaceAll('-', '');
}

/** A new pending order or prepay, expiring `ttlS` from now. */
export async function createPayment(input: {
  kind: PaymentRecord['kind'];
  uid: string;
  product_id: string;
  pay_type: number;
  pay_scene: string;
  ttlS?: number;
  /** The client's idempotency key (createPaymentOnce). */
  idempotency_key?: string;
}): Promise<PaymentRecord> {
  const now = clock.nowS();
  const seq = `${clock.nowMs().toString(36)}${(++paymentSeq).toString(36)}`.toUpperCase();
  const id = input.kind === 'order' ? `ORD${stamp()}${seq}` : `pp_${seq.toLowerCase()}`;
  return db.payments.create({
    id,
    kind: input.kind,
    uid: input.uid,
    product_id: input.product_id,
    pay_type: input.pay_type,
    pay_scene: input.pay_scene,
    status: 'pending',
    created_at: now,
    expires_at: now + (input.ttlS ?? PAYMENT_TTL_S),
    ended_at: 0,
    ...(input.idempotency_key ? { idempotency_key: input.idempotency_key } : {}),
  });
}

/**
 * `createPayment` under the client's `Idempotency-Key` (none: always a new one). While the
 * payment a key made is pending, the same key answers it unchanged; a different product, pay
 * type or scene under the key cancels it and makes a new one, so a key never has two payable
 * payments. The key is stored with the payment (it outlives a restarted worker), and calls
 * with one key run one at a time, so concurrent requests (a double click, a retry after a
 * lost answer) cannot both find no payment and make two.
 */
export function createPaymentOnce(
  input: Parameters<typeof createPayment>[0],
  key: string | null,
): Promise<PaymentRecord> {
  if (!key) return createPayment(input);
  return oneAtATime(`payment ${input.uid} ${input.kind} ${key}`, async () => {
    const earlier = db.payments.findFirst((q) =>
      q.where({ uid: input.uid, kind: input.kind, status: 'pending', idempotency_key: key }),
    );
    if (earlier) {
      const p = await syncPayment(earlier);
      if (p.status === 'pending') {
        const same =
          p.product_id === input.product_id &&
          p.pay_type === input.pay_type &&
          p.pay_scene === input.pay_scene;
        if (same) return p;
        await settlePayment(p.id, 'cancelled');
      }
    }
    return createPayment({ ...input, idempotency_key: key });
  });
}

/** Whether the account is shut (banned) now: it may not buy. */
export function isShut(uid: string): boolean {
  const user = db.users.findFirst((q) => q.where({ uid }));
  if (!user?.shut) return false;
  return !user.shut_end_time || user.shut_end_time > clock.nowS();
}

/**
 * The link a phone opens to pay (what the QR holds): the cashier page on the backend at
 * `origin` (the request's own), English when the order was made in English.
 */
export function paymentLink(p: PaymentRecord, origin: string, lang?: string | null): string {
  const query = lang?.toLowerCase().startsWith('en') ? '?lang=en' : '';
  return `${origin}${CASHIER_PATH}${encodeURIComponent(p.id)}${query}`;
}

/** The payment brought up to the clock: pending past `expires_at` is expired. */
export async function syncPayment(p: PaymentRecord): Promise<PaymentRecord> {
  if (p.status !== 'pending' || clock.nowS() < p.expires_at) return p;
  return (await db.payments.update((q) => q.where({ id: p.id }), {
    data: (r) => {
      r.status = 'expired';
      r.ended_at = r.expires_at;
    },
  }))!;
}

export function findPayment(id: string): PaymentRecord | undefined {
  return db.payments.findFirst((q) => q.where({ id }));
}

export type SettleResult =
  | { ok: true; payment: PaymentRecord }
  | { ok: false; reason: 'missing' | 'not-pending'; payment?: PaymentRecord };

/**
 * The payer pays (or cancels) a pending payment: paying applies the product; either way the
 * user's tabs are told over the socket (`payment.updated`).
 */
export async function settlePayment(
  id: string,
  outcome: 'paid' | 'cancelled',
): Promise<SettleResult> {
  const found = findPayment(id);
  if (!found) return { ok: false, reason: 'missing' };
  const p = await syncPayment(found);
  if (p.status !== 'pending') return { ok: false, reason: 'not-pending', payment: p };
  const product = findProduct(p.product_id);
  if (outcome === 'paid' && product) {
    if (product.type === 'subscription') await applySubscription(p.uid, product.product);
    else await addPackPower(p.uid, product.product.quantity);
  }
  const done = (await db.payments.update((q) => q.where({ id }), {
    data: (r) => {
      r.status = outcome;
      r.ended_at = clock.nowS();
    },
  }))!;
  pushToUser(p.uid, {
    type: 'payment.updated',
    uid: p.uid,
    id: p.id,
    kind: p.kind,
    status: outcome,
    product_type: product?.type ?? 'pack',
  });
  return { ok: true, payment: done };
}

/** Every payment with the given status (after expiry is applied), newest first (admin API). */
export async function listPayments(status: PaymentRecord['status'] | null) {
  const rows: PaymentRecord[] = [];
  for (const p of db.payments.all()) rows.push(await syncPayment(p));
  return rows
    .filter((p) => status === null || p.status === status)
    .sort((a, b) => b.created_at - a.created_at || b.id.localeCompare(a.id));
}

/**
 * A payment as the admin API shows it, its link on the backend at `origin`, the product's name
 * in `lang` (the cashier page's language).
 */
export function paymentOut(p: PaymentRecord, origin: string, lang: ServedLang = 'zh') {
  const product = findProduct(p.product_id);
  const price =
    product?.type === 'subscription' && product.product.promotion?.available
      ? product.product.promotion.discount_price
      : (product?.product.price ?? 0);
  return {
    id: p.id,
    kind: p.kind,
    uid: p.uid,
    product_id: p.product_id,
    product_name: product ? productIn(product.product, lang).name : '',
    product_type: product?.type ?? 'pack',
    price,
    pay_type: p.pay_type,
    status: p.status,
    created_at: p.created_at,
    expires_at: p.expires_at,
    payment_link: paymentLink(p, origin),
  };
}
