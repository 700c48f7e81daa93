// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { checkResponse } from '@/testing/contract-guard';
import { createBackend, type Backend } from './backend';
import { post, session, ORIGIN as TEST_ORIGIN } from './handlers/test-client';
import { createPayment } from './payments';
import { qrSvgDataUrl } from './qr';
import { AUTHOR_UID } from './seed-ids';

/**
 * The cashier page (mocks/cashier.ts) as a browser gets it from the backend's host: the page
 * of a pending payment with its buttons, 404 for an unknown id, the alipay link's redirect,
 * and paying through the admin call its "Pay" button makes.
 */
const ORIGIN = 'http://demo.test';

let backend: Backend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
});

async function start() {
  backend = createBackend({ storage: { load: async () => null, save: async () => {} } });
  await backend.ready;
  return backend;
}

async function fetchVia(b: Backend, method: string, path: string, headers: HeadersInit = {}) {
  const request = new Request(`${ORIGIN}${path}`, { method, headers, redirect: 'manual' });
  const response = (await b.handle(request))!;
  expect(await checkResponse(request, response), `${method} ${path}`).toEqual([]);
  return response;
}

/** The admin call of the page's buttons: a same-origin POST that says JSON (request-guard.ts). */
const ADMIN_POST = { method: 'POST', headers: { 'Content-Type': 'application/json' } };

const pending = (kind: 'order' | 'prepay', product_id = 'pack_10k', pay_type = 3) =>
  createPayment({ kind, uid: AUTHOR_UID, product_id, pay_type, pay_scene: 'package' });

describe('the cashier page', () => {
  it('answers HTML for a pending payment: product, amount, pay type, Pay and Cancel', async () => {
    const b = await start();
    const p = await pending('order');
    const res = await fetchVia(b, 'GET', `/mock-pay/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('10000 words 能量包');
    expect(html).toContain('¥9.9');
    expect(html).toContain('微信支付');
    expect(html).toContain('data-outcome="pay"');
    expect(html).toContain('data-outcome="cancel"');
    expect(html).toContain(`/__mock/payments/`);
    expect(html).toContain(`headers: { 'Content-Type': 'application/json' }`);
    // English when asked by the link or the browser.
    const en = await (await fetchVia(b, 'GET', `/mock-pay/${p.id}?lang=en`)).text();
    expect(en).toContain('WeChat Pay');
    expect(en).toContain('<dd>10000 words</dd>');
    expect(en).not.toContain('能量包');
    expect(en).toContain('>Pay</button>');
    const byBrowser = await fetchVia(b, 'GET', `/mock-pay/${p.id}`, { 'Accept-Language': 'en-GB' });
    expect(await byBrowser.text()).toContain('lang="en"');
  });

  it('404 for an unknown id', async () => {
    const b = await start();
    const res = await fetchVia(b, 'GET', '/mock-pay/ORDNOPE');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('没有这笔订单');
  });

  it('paying through it (its button\u2019s admin call) makes the status paid; no buttons after', async () => {
    const b = await start();
    const p = await pending('order');
    const paid = await b.handle(new Request(`${ORIGIN}/__mock/payments/${p.id}/pay`, ADMIN_POST));
    expect(paid!.status).toBe(200);
    const html = await (await fetchVia(b, 'GET', `/mock-pay/${p.id}`)).text();
    expect(html).toContain('已支付');
    expect(html).not.toContain('data-outcome');
    // Cancelling an ended payment is refused.
    const again = await b.handle(
      new Request(`${ORIGIN}/__mock/payments/${p.id}/cancel`, ADMIN_POST),
    );
    expect(again!.status).toBe(409);
  });

  it('cancel through it makes the status cancelled', async () => {
    const b = await start();
    const p = await pending('order');
    await b.handle(new Request(`${ORIGIN}/__mock/payments/${p.id}/cancel`, ADMIN_POST));
    expect(await (await fetchVia(b, 'GET', `/mock-pay/${p.id}`)).text()).toContain('已取消');
  });

  it('the admin list gives the cashier link on the backend\u2019s own origin', async () => {
    const b = await start();
    const p = await pending('order');
    const list = await b.handle(new Request(`${ORIGIN}/__mock/payments?status=pending`));
    const body = (await list!.json()) as { payments: { id: string; payment_link: string }[] };
    expect(body.payments.find((x) => x.id === p.id)?.payment_link).toBe(
      `${ORIGIN}/mock-pay/${p.id}`,
    );
  });
});

describe('the alipay page link of a prepay', () => {
  it('sends the browser on to the cashier; 404 for an unknown token or an order', async () => {
    const b = await start();
    const p = await pending('prepay', 'pack_10k', 2);
    const res = await fetchVia(b, 'GET', `/api/v1/payment/v1/prepay/${p.id}/alipay`);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${ORIGIN}/mock-pay/${p.id}`);
    const page = await (await fetchVia(b, 'GET', `/mock-pay/${p.id}`)).text();
    expect(page).toContain('支付宝');
    expect((await fetchVia(b, 'GET', '/api/v1/payment/v1/prepay/pp_nope/alipay')).status).toBe(404);
    const order = await pending('order');
    expect((await fetchVia(b, 'GET', `/api/v1/payment/v1/prepay/${order.id}/alipay`)).status).toBe(
      404,
    );
  });
});

describe('an order made through the API', () => {
  it('links (and its QR encodes) the cashier page on the host it was asked of', async () => {
    const auth = await session();
    const body = {
      bid: 'inkworld',
      product_id: 'pack_10k',
      app_type: 30,
      qrcode_mode: 1,
      pay_type: 3,
      pay_scene: 'package',
    };
    const made = await post('/api/v1/payment/v1/orders', body, auth);
    expect(made.status).toBe(200);
    expect(made.body.payment_link).toBe(`${TEST_ORIGIN}/mock-pay/${made.body.order_number}`);
    expect(made.body.qrcode).toBe(qrSvgDataUrl(made.body.payment_link, 200));
    // The page answers at that address.
    const res = await fetch(made.body.payment_link);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('10000 words 能量包');
  });
});
