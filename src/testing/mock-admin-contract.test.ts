// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '@mocks/backend';
import { issueCode, phoneTarget } from '@mocks/codes';
import { createPayment } from '@mocks/payments';
import seed from '@mocks/seed.gen.json';
import { checkResponse } from './contract-guard';

/**
 * The admin API is served by the backend's hosts, not by the in-process MSW server the guard
 * watches in every test: here each of its answers goes through the guard by hand, so
 * openapi/mock-admin.yaml is held to what the admin handlers really do.
 */
const ORIGIN = 'http://demo.test';

let backend: Backend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
});

async function admin(method: string, path: string, body?: unknown) {
  backend ??= createBackend({ storage: { load: async () => null, save: async () => {} } });
  const request = new Request(`${ORIGIN}/__mock/${path}`, {
    method,
    // As the admin client sends them: every write says JSON (request-guard.ts).
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const response = (await backend.handle(request))!;
  expect(await checkResponse(request, response), `${method} ${path}`).toEqual([]);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the admin API answers as openapi/mock-admin.yaml says', () => {
  it('scenarios: list, apply, refuse, clear', async () => {
    expect((await admin('GET', 'scenarios')).status).toBe(200);
    const applied = await admin('POST', 'scenarios', { names: ['signed-in', 'server-500'] });
    expect(applied.body).toMatchObject({ applied: ['signed-in', 'server-500'] });
    expect(applied.body.session).not.toBeNull();
    const unknown = await admin('POST', 'scenarios', { names: ['no-such-scenario'] });
    expect([unknown.status, unknown.body.error_code]).toEqual([422, 42290]);
    expect((await admin('POST', 'scenarios', { names: 'signed-in' })).status).toBe(422);
    expect((await admin('DELETE', 'scenarios')).body.faults).toEqual([]);
  });

  it('data: reset and import', async () => {
    expect((await admin('POST', 'reset')).body).toEqual({ reset: true });
    expect((await admin('POST', 'import', { version: 1, data: seed })).body).toEqual({
      imported: true,
    });
    expect((await admin('POST', 'import', { schema: 999 })).status).toBe(422);
    expect((await admin('POST', 'import', 'not json')).status).toBe(422);
  });

  it('inspection: codes, clock and sockets', async () => {
    expect((await admin('GET', 'clock')).status).toBe(200);
    // After the backend started: starting loads the seed, which has no codes.
    await issueCode(phoneTarget('86', '13800138000'), 'login');
    expect((await admin('GET', 'codes')).body.codes).toHaveLength(1);
    expect((await admin('POST', 'clock', { shift_ms: 60_000 })).body.offset_ms).toBe(60_000);
    expect((await admin('POST', 'clock', { shift_ms: 'soon' })).status).toBe(422);
    await backend!.connectSocket(null, { send: () => {}, close: () => {} });
    expect((await admin('GET', 'sockets')).body.connections).toHaveLength(1);
  });

  it('payments: list pending, pay, cancel, refuse', async () => {
    backend ??= createBackend({ storage: { load: async () => null, save: async () => {} } });
    await backend.ready;
    const first = await createPayment({
      kind: 'order',
      uid: 'u_author',
      product_id: 'pack_10k',
      pay_type: 2,
      pay_scene: 'package',
    });
    const second = await createPayment({
      kind: 'prepay',
      uid: 'u_author',
      product_id: 'sub_month_auto',
      pay_type: 2,
      pay_scene: 'prepay',
    });
    const pending = await admin('GET', 'payments?status=pending');
    expect((pending.body.payments as Array<{ id: string }>).map((p) => p.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect((await admin('GET', 'payments')).status).toBe(200);
    expect((await admin('GET', 'payments?status=soon')).body.error_code).toBe(42290);
    const paid = await admin('POST', `payments/${first.id}/pay`);
    expect(paid.body.payment).toMatchObject({ id: first.id, status: 'paid' });
    const again = await admin('POST', `payments/${first.id}/pay`);
    expect([again.status, again.body.error_code]).toEqual([409, 40921]);
    expect((await admin('POST', `payments/${second.id}/cancel`)).body.payment).toMatchObject({
      status: 'cancelled',
    });
    const missing = await admin('POST', 'payments/nope/cancel');
    expect([missing.status, missing.body.error_code]).toEqual([404, 40421]);
    expect((await admin('GET', 'payments?status=pending')).body.payments).toEqual([]);
  });

  it('an unknown path is 404 with 40400, a missing method 405 with 40500', async () => {
    expect((await admin('GET', 'no-such-thing')).body.error_code).toBe(40400);
    expect((await admin('POST', 'no-such-thing')).body.error_code).toBe(40400);
    const put = await admin('PUT', 'clock');
    expect([put.status, put.body.error_code, put.body.content]).toEqual([
      405,
      40500,
      { allow: ['GET', 'POST'] },
    ]);
  });

  it("refuses, with 403 and 40300, what the app's own pages would not send", async () => {
    for (const [method, path, init] of [
      ['GET', 'clock', { headers: { 'Sec-Fetch-Mode': 'navigate' } }],
      ['POST', 'reset', { headers: { 'Sec-Fetch-Site': 'cross-site' } }],
      ['POST', 'reset', { headers: { 'Content-Type': 'text/plain' } }],
      ['GET', 'no-such-thing', { headers: { Origin: 'https://elsewhere.test' } }],
    ] as const) {
      backend ??= createBackend({ storage: { load: async () => null, save: async () => {} } });
      const request = new Request(`${ORIGIN}/__mock/${path}`, { method, ...init });
      const response = (await backend.handle(request))!;
      expect(await checkResponse(request, response), `${method} ${path}`).toEqual([]);
      expect([
        response.status,
        ((await response.json()) as { error_code: number }).error_code,
      ]).toEqual([403, 40300]);
    }
  });
});
