import { beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../clock';
import { db } from '../db';
import { settlePayment } from '../payments';
import { createAdminClient } from '../admin-client';
import {
  allowanceClaimed,
  freeZeroPower,
  orderExpiresFast,
  paymentFails,
  vipNosub,
  vipSub,
} from '../scenarios/payment';
import { AUTHOR_UID } from '../seed-ids';
import { server } from '../server';
import { endOfNextMonthS, utc8Day } from './payment';
import { type Auth, call, expectError, get, post, session } from './test-client';

const BASE = '/api/v1/payment/v1';
const BRAND = `bid=inkworld&app_type=30`;

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

const order = (body: Record<string, unknown> = {}, a: Auth | null = auth) =>
  post(
    `${BASE}/orders`,
    {
      bid: 'inkworld',
      product_id: 'pack_10k',
      app_type: 30,
      qrcode_mode: 1,
      pay_type: 2,
      pay_scene: 'package',
      ...body,
    },
    a ?? undefined,
  );
const prepay = (body: Record<string, unknown> = {}, a: Auth | null = auth) =>
  post(
    `${BASE}/prepay`,
    {
      bid: 'inkworld',
      product_id: 'pack_10k',
      app_type: 30,
      channel: 'web',
      uid: auth.uid,
      ...body,
    },
    a ?? undefined,
  );
const benefits = async () => (await get('/api/v1/user/benefits/writing', auth)).body;

describe('GET subscription/products', () => {
  it('lists the products; with choose_promotion the promotions come first', async () => {
    const plain = await get(`${BASE}/subscription/products?${BRAND}&uid=${AUTHOR_UID}`, auth);
    expect(plain.status).toBe(200);
    const ids = plain.body.data.map((p: { id: string }) => p.id);
    expect(ids).toContain('sub_month_auto');
    expect(ids).not.toContain('promo_first_month');
    const names = plain.body.data.map((p: { name: string }) => p.name);
    expect(new Set(names).size).toBeLessThan(names.length); // a duplicate name to dedupe
    const promo = await get(
      `${BASE}/subscription/products?${BRAND}&uid=${AUTHOR_UID}&choose_promotion=true`,
      auth,
    );
    const promos = promo.body.data.filter((p: { promotion: unknown }) => p.promotion);
    expect(promos.map((p: { promotion: { available: boolean } }) => p.promotion.available)).toEqual(
      [true, false],
    );
  });

  it('40103 without a token, 42200 for a wrong app_type, bid or uid', async () => {
    expectError(await get(`${BASE}/subscription/products?${BRAND}&uid=${AUTHOR_UID}`), 40103, 401);
    expectError(
      await get(`${BASE}/subscription/products?bid=x&app_type=31&uid=${AUTHOR_UID}`, auth),
      42200,
    );
    expectError(
      await get(`${BASE}/subscription/products?app_type=30&uid=${AUTHOR_UID}`, auth),
      42200,
    );
    expectError(await get(`${BASE}/subscription/products?${BRAND}&uid=u_other`, auth), 42200);
  });
});

describe('GET consumable_products', () => {
  it('lists the packs, some for members only', async () => {
    const res = await get(`${BASE}/consumable_products?${BRAND}&category=words`, auth);
    expect(res.status).toBe(200);
    expect(res.body.data.some((p: { vip_only: boolean }) => p.vip_only)).toBe(true);
    expect(res.body.data.some((p: { name: string }) => /words/i.test(p.name))).toBe(true);
  });

  it('40103 without a token, 42200 for another category or app_type', async () => {
    expectError(await get(`${BASE}/consumable_products?${BRAND}&category=words`), 40103, 401);
    expectError(await get(`${BASE}/consumable_products?${BRAND}&category=coins`, auth), 42200);
    expectError(
      await get(`${BASE}/consumable_products?bid=x&app_type=1&category=words`, auth),
      42200,
    );
  });
});

describe('GET subscription/status and POST subscription/cancel', () => {
  const cancel = (body: Record<string, unknown> = {}, a: Auth | null = auth) =>
    post(
      `${BASE}/subscription/cancel`,
      { bid: 'inkworld', uid: auth.uid, channel: 'web', type: 'auto_renew', ...body },
      a ?? undefined,
    );

  it('a free user has viptype 0', async () => {
    await freeZeroPower();
    expect((await get(`${BASE}/subscription/status`, auth)).body).toMatchObject({
      viptype: 0,
      autoRenew: false,
    });
  });

  it('cancel turns auto-renew off (vip_sub -> vip_nosub), the membership stays until it ends', async () => {
    await vipSub();
    const before = (await get(`${BASE}/subscription/status`, auth)).body;
    expect(before.autoRenew).toBe(true);
    const after = await cancel();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      autoRenew: false,
      autoRenewTime: 0,
      viptype: 1,
      expiresTime: before.expiresTime,
    });
    expect((await get(`${BASE}/subscription/status`, auth)).body.autoRenew).toBe(false);
    expectError(await cancel(), 40422);
  });

  it('40422 with nothing to cancel, 42200 bad body, 40103 without a token', async () => {
    await vipNosub();
    expectError(await cancel(), 40422);
    await freeZeroPower();
    expectError(await cancel(), 40422);
    expectError(await cancel({ channel: 'app' }), 42200);
    expectError(await cancel({ uid: 'u_other' }), 42200);
    expectError(await cancel({ type: 'all' }), 42200);
    expectError(await cancel({}, null), 40103, 401);
    expectError(await get(`${BASE}/subscription/status`), 40103, 401);
  });

  it('an auto-renewing membership renews at its end on the mock clock', async () => {
    await vipSub();
    const before = (await get(`${BASE}/subscription/status`, auth)).body;
    clock.shift((before.expiresTime - clock.nowS() + 60) * 1000);
    auth = await session();
    const after = (await get(`${BASE}/subscription/status`, auth)).body;
    expect(after.expiresTime).toBe(before.expiresTime + 30 * 86400);
    expect((await benefits()).vip_words).toBe(100_000);
  });
});

describe('POST orders: pending -> paid / expired / cancelled', () => {
  it('answers an order with a QR of its link (SVG) and polls as pending', async () => {
    const askedAt = clock.nowS();
    const res = await order({ qrcode_width: 240 });
    expect(res.status).toBe(200);
    expect(res.body.order_number).toMatch(/^ORD\d{8}/);
    expect(res.body.pay_type).toBe(2);
    expect(res.body.qrcode).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(res.body.qrcode)).toContain('width="240"');
    // Five minutes from when it was made (a second may tick between the order and the check).
    expect(res.body.expires_at - askedAt).toBeGreaterThanOrEqual(300);
    expect(res.body.expires_at - clock.nowS()).toBeLessThanOrEqual(300);
    const status = await get(`${BASE}/orders/${res.body.order_number}/status`, auth);
    expect(status.body).toEqual({ status: 'pending' });
    expect((await order({ qrcode_mode: 0 })).body.qrcode).toBe('');
  });

  it('paying a pack adds pack power (never expires) and ends the order as paid', async () => {
    await freeZeroPower();
    const { order_number } = (await order()).body;
    expect((await settlePayment(order_number, 'paid')).ok).toBe(true);
    expect((await get(`${BASE}/orders/${order_number}/status`, auth)).body.status).toBe('paid');
    expect(await benefits()).toMatchObject({ pack_words: 10_000, vip_words: 0 });
    // Paid once only.
    expect(await settlePayment(order_number, 'paid')).toMatchObject({ ok: false });
  });

  it('paying a subscription makes a member (auto-renew as the product says) with member power', async () => {
    await freeZeroPower();
    const { order_number } = (await order({ product_id: 'sub_month_auto', pay_scene: 'vip' })).body;
    await settlePayment(order_number, 'paid');
    const status = (await get(`${BASE}/subscription/status`, auth)).body;
    const now = clock.nowS();
    expect(status).toMatchObject({ viptype: 1, autoRenew: true });
    expect(status.effectTime).toBeLessThanOrEqual(now);
    expect(status.expiresTime).toBe(status.effectTime + 30 * 86400);
    expect(await benefits()).toMatchObject({ vip_words: 100_000, vip_expiry: status.expiresTime });
    // The first-month offer is gone once a membership is paid.
    const promo = await get(
      `${BASE}/subscription/products?${BRAND}&uid=${AUTHOR_UID}&choose_promotion=true`,
      auth,
    );
    expect(promo.body.data[0].promotion.available).toBe(false);
    expectError(await order({ product_id: 'promo_first_month', pay_scene: 'vip' }), 40420);
  });

  it('a pending order expires at expires_at on the mock clock and cannot be paid then', async () => {
    // Pinned: on a loaded machine more than a second passed between the calls, and the order
    // expired "early" by real time.
    clock.pin(Date.now());
    const { order_number } = (await order()).body;
    clock.shift(299_000);
    expect((await get(`${BASE}/orders/${order_number}/status`, auth)).body.status).toBe('pending');
    clock.shift(1_000);
    expect((await get(`${BASE}/orders/${order_number}/status`, auth)).body.status).toBe('expired');
    expect(await settlePayment(order_number, 'paid')).toMatchObject({
      ok: false,
      reason: 'not-pending',
    });
  });

  it('a cancelled order stays cancelled and gives nothing', async () => {
    await freeZeroPower();
    const { order_number } = (await order()).body;
    await settlePayment(order_number, 'cancelled');
    expect((await get(`${BASE}/orders/${order_number}/status`, auth)).body.status).toBe(
      'cancelled',
    );
    expect((await benefits()).pack_words).toBe(0);
  });

  it('40420 unknown product or promotion over, 40331 members-only pack, 42200, 40103', async () => {
    expectError(await order({ product_id: 'nope' }), 40420);
    expectError(await order({ product_id: 'promo_new_year', pay_scene: 'vip' }), 40420);
    await freeZeroPower();
    expectError(await order({ product_id: 'pack_200k' }), 40331);
    await vipSub();
    expect((await order({ product_id: 'pack_200k' })).status).toBe(200);
    expectError(await order({ product_id: 'pack_3k', pay_type: 2 }), 42200);
    expect((await order({ product_id: 'pack_3k', pay_type: 3 })).status).toBe(200);
    expectError(await order({ pay_type: 4 }), 42200);
    expectError(await order({ pay_scene: 'elsewhere' }), 42200);
    expectError(await order({ app_type: 31 }), 42200);
    expectError(await order({ qrcode_width: 20 }), 42200);
    expectError(await order({}, null), 40103, 401);
  });

  it('40421 for an order that is not mine or does not exist', async () => {
    const { order_number } = (await order()).body;
    const other = await session('u_official');
    expectError(await get(`${BASE}/orders/${order_number}/status`, other), 40421);
    expectError(await get(`${BASE}/orders/ORD000/status`, auth), 40421);
    expectError(await get(`${BASE}/orders/${order_number}/status`), 40103, 401);
  });
});

describe('POST prepay', () => {
  it('answers a token whose status is polled, and paying it applies the product', async () => {
    await freeZeroPower();
    const res = await prepay({ product_id: 'pack_50k' });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^pp_/);
    const path = `${BASE}/prepay/${res.body.token}/status`;
    expect((await get(path, auth)).body.status).toBe('pending');
    await settlePayment(res.body.token, 'paid');
    expect((await get(path, auth)).body.status).toBe('paid');
    expect((await benefits()).pack_words).toBe(50_000);
  });

  it('40420, 40331, 42200 (channel, uid, a weixin-only pack), 40421, 40103', async () => {
    expectError(await prepay({ product_id: 'nope' }), 40420);
    await freeZeroPower();
    expectError(await prepay({ product_id: 'pack_1m' }), 40331);
    expectError(await prepay({ channel: 'app' }), 42200);
    expectError(await prepay({ uid: 'u_other' }), 42200);
    expectError(await prepay({ product_id: 'pack_3k' }), 42200);
    expectError(await get(`${BASE}/prepay/pp_nope/status`, auth), 40421);
    const { order_number } = (await order()).body;
    expectError(await get(`${BASE}/prepay/${order_number}/status`, auth), 40421);
    expectError(await prepay({}, null), 40103, 401);
  });
});

describe('payment scenarios', () => {
  it('payment-fails: creating an order or a prepay answers 500', async () => {
    server.use(...paymentFails());
    expect((await order()).status).toBe(500);
    expect((await prepay()).status).toBe(500);
  });

  it('order-expires-fast: orders and prepays expire after 20 s', async () => {
    server.use(...orderExpiresFast());
    // Pinned: the expiry is compared to the second, and a second may pass between the calls.
    clock.pin(Date.now());
    const res = await order();
    expect(res.body.expires_at - clock.nowS()).toBe(20);
    const pp = await prepay();
    clock.shift(20_000);
    expect((await get(`${BASE}/orders/${res.body.order_number}/status`, auth)).body.status).toBe(
      'expired',
    );
    expect((await get(`${BASE}/prepay/${pp.body.token}/status`, auth)).body.status).toBe('expired');
  });
});

describe('the daily allowance', () => {
  const path = '/api/v1/user/benefits/checkin';

  it('claim, then claimed: 500 activity power until the end of next month (UTC+8)', async () => {
    await freeZeroPower();
    expect((await get(path, auth)).body).toEqual({ claimed: false, power: 500, expires_at: null });
    const claimed = await post(path, undefined, auth);
    expect(claimed.status).toBe(200);
    const expires = endOfNextMonthS(clock.nowMs());
    expect(claimed.body).toEqual({ claimed: true, power: 500, expires_at: expires });
    expect((await get(path, auth)).body).toEqual({
      claimed: true,
      power: 500,
      expires_at: expires,
    });
    expect(await benefits()).toMatchObject({ checkin_words: 500, checkin_expiry: expires });
    expectError(await post(path, undefined, auth), 40923);
  });

  it('the next UTC+8 day can be claimed again; claimed power expires after next month', async () => {
    await freeZeroPower();
    await post(path, undefined, auth);
    const today = utc8Day(clock.nowMs());
    clock.shift(86_400_000);
    expect(utc8Day(clock.nowMs())).not.toBe(today);
    expect((await post(path, undefined, auth)).status).toBe(200);
    expect((await benefits()).checkin_words).toBe(1000);
    clock.shift(70 * 86_400_000);
    auth = await session();
    expect((await benefits()).checkin_words).toBe(0);
  });

  it('ends next month: a claim on 31 Jan (UTC+8) lasts to the end of February', () => {
    const jan31 = Date.UTC(2027, 0, 31, 3, 0, 0); // 11:00 UTC+8
    expect(new Date(endOfNextMonthS(jan31) * 1000).toISOString()).toBe('2027-02-28T16:00:00.000Z');
    // 23:30 UTC on 31 Dec is already 1 Jan in UTC+8: it lasts through February.
    const lateDec = Date.UTC(2026, 11, 31, 23, 30, 0);
    expect(new Date(endOfNextMonthS(lateDec) * 1000).toISOString()).toBe(
      '2027-02-28T16:00:00.000Z',
    );
  });

  it('allowance-claimed: 40923; 40103 without a token', async () => {
    await allowanceClaimed();
    expectError(await post(path, undefined, auth), 40923);
    expectError(await get(path), 40103, 401);
    expectError(await post(path), 40103, 401);
  });
});

describe('the admin pay call', () => {
  const admin = createAdminClient('http://localhost:3000');

  it('is served by the backend host (see mock-admin-contract.test.ts); the settle rules hold', async () => {
    expect(typeof admin.payPayment).toBe('function');
    const { order_number } = (await order()).body;
    expect(await settlePayment('nope', 'paid')).toEqual({ ok: false, reason: 'missing' });
    const paid = await settlePayment(order_number, 'paid');
    expect(paid.ok && paid.payment.status).toBe('paid');
    expect(db.payments.findFirst((q) => q.where({ id: order_number }))?.ended_at).toBe(
      clock.nowS(),
    );
  });
});

describe('GET benefits/writing reflects purchases', () => {
  it('pays a subscription gift as pack power', async () => {
    await freeZeroPower();
    const { order_number } = (await order({ product_id: 'sub_year', pay_scene: 'vip' })).body;
    await settlePayment(order_number, 'paid');
    expect(await benefits()).toMatchObject({ vip_words: 100_000, pack_words: 50_000 });
  });

  it('the call itself: 40103 without a token', async () => {
    expectError(await call('GET', '/api/v1/user/benefits/writing'), 40103, 401);
  });
});
