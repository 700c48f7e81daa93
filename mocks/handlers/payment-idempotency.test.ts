import { beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../clock';
import { db, restore, snapshot } from '../db';
import { PAYMENT_TTL_S, settlePayment } from '../payments';
import { banned } from '../scenarios/session';
import { type Auth, call, expectError, session } from './test-client';

const BASE = '/api/v1/payment/v1';

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

const order = (key: string | null, body: Record<string, unknown> = {}) =>
  call('POST', `${BASE}/orders`, {
    auth,
    headers: key ? { 'Idempotency-Key': key } : {},
    body: {
      bid: 'inkworld',
      product_id: 'pack_10k',
      app_type: 30,
      qrcode_mode: 1,
      pay_type: 3,
      pay_scene: 'package',
      ...body,
    },
  });
const prepay = (key: string) =>
  call('POST', `${BASE}/prepay`, {
    auth,
    headers: { 'Idempotency-Key': key },
    body: { bid: 'inkworld', product_id: 'pack_10k', app_type: 30, channel: 'web', uid: auth.uid },
  });
const pending = () =>
  db.payments.findMany((q) => q.where({ uid: auth.uid, status: 'pending' })).length;

describe('order creation is idempotent per key while the order is pending', () => {
  it('the same key answers the same pending order: one payable order', async () => {
    const first = await order('key-aaaaaaaa');
    const again = await order('key-aaaaaaaa');
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(pending()).toBe(1);
    // Another key (another purchase) is another order; no key at all, always a new one.
    expect((await order('key-bbbbbbbb')).body.order_number).not.toBe(first.body.order_number);
    await order(null);
    await order(null);
    expect(pending()).toBe(4);
  });

  it('two concurrent calls with one key make one order; with two keys, two', async () => {
    const [a, b] = await Promise.all([order('key-concurrent'), order('key-concurrent')]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(pending()).toBe(1);
    const [c, d] = await Promise.all([order('key-11111111'), order('key-22222222')]);
    expect(c.body.order_number).not.toBe(d.body.order_number);
    expect(pending()).toBe(3);
  });

  it('the key is kept with the order: a restarted backend still answers the same order', async () => {
    const first = await order('key-restarts');
    // What a restarted worker has: the tables, restored from storage, and nothing in memory.
    await restore(snapshot());
    const row = db.payments.findFirst((q) => q.where({ id: first.body.order_number }));
    expect(row?.idempotency_key).toBe('key-restarts');
    expect((await order('key-restarts')).body.order_number).toBe(first.body.order_number);
    expect(pending()).toBe(1);
  });

  it('a paid or expired order frees the key: the next attempt is a new order', async () => {
    const first = await order('key-cccccccc');
    await settlePayment(first.body.order_number, 'paid');
    const second = await order('key-cccccccc');
    expect(second.body.order_number).not.toBe(first.body.order_number);
    clock.shift((PAYMENT_TTL_S + 1) * 1000);
    const third = await order('key-cccccccc');
    expect(third.body.order_number).not.toBe(second.body.order_number);
    expect(pending()).toBe(1);
  });

  it('another pay type under the key cancels the pending order instead of adding one', async () => {
    const weixin = await order('key-dddddddd');
    const alipay = await order('key-dddddddd', { pay_type: 2 });
    expect(alipay.body.order_number).not.toBe(weixin.body.order_number);
    expect(db.payments.findFirst((q) => q.where({ id: weixin.body.order_number }))?.status).toBe(
      'cancelled',
    );
    expect(pending()).toBe(1);
  });

  it('prepays too', async () => {
    const first = await prepay('key-eeeeeeee');
    expect((await prepay('key-eeeeeeee')).body).toEqual(first.body);
    expect(pending()).toBe(1);
  });
});

describe('a shut (banned) account cannot buy', () => {
  it('40339 for an order and a prepay, and nothing is created', async () => {
    await banned();
    expectError(await order('key-ffffffff'), 40339, 403);
    expectError(await prepay('key-gggggggg'), 40339, 403);
    expect(pending()).toBe(0);
  });
});
