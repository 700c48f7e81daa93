// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contract } from '@/testing/contract-documents';
import { checkResponse } from '@/testing/contract-guard';
import { createAdminClient } from './admin-client';
import { ADMIN_ROUTES } from './admin-routes';
import { createBackend, type Backend } from './backend';
import { clock } from './clock';
import { db } from './db';
import { INTERNAL_ERROR_BODY, unsupportedMethod } from './unmatched';

/**
 * Only the app's own pages drive the backend (request-guard.ts): requests as another site's
 * page would make them, handed to `handle` as a host does, are refused and change nothing;
 * the admin client's calls, and tools that send no browser headers, are answered.
 */
const ORIGIN = 'http://demo.test';

let backend: Backend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
  clock.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function start() {
  backend = createBackend({ storage: { load: async () => null, save: async () => {} } });
  await backend.ready;
  const b = backend;
  vi.stubGlobal('fetch', async (input: RequestInfo, init?: RequestInit) => {
    const response = await b.handle(new Request(input, init));
    return response ?? new Response('not the backend', { status: 599 });
  });
  return { backend: b, admin: createAdminClient(ORIGIN) };
}

/** A request as the service worker's fetch event has it: `mode` is 'navigate' for a link or form. */
function navigation(method: string, path: string, init: RequestInit = {}): Request {
  const request = new Request(`${ORIGIN}${path}`, { method, ...init });
  // `new Request` refuses mode 'navigate'; only the browser makes such requests.
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  return request;
}

/**
 * A refusal, in the error shape. The admin API documents it on every operation; the product
 * contract does not (a host's refusal, like the HTTP server's refused preflight), so an API
 * path's refusal is not checked against openapi/api.yaml.
 */
async function refused(b: Backend, request: Request, documented = true) {
  const response = (await b.handle(request))!;
  if (documented)
    expect(await checkResponse(request, response), `${request.method} ${request.url}`).toEqual([]);
  expect(response.status).toBe(403);
  const body = (await response.json()) as { error_code: number; error_msg: string };
  expect(body.error_code).toBe(40300);
  return body.error_msg;
}

const textPlain = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'text/plain', ...headers },
  body,
});

describe('the admin API answers only the app', () => {
  it('refuses a cross-site form POST (a navigation) to reset: the data stays', async () => {
    const { backend: b, admin } = await start();
    await admin.applyScenarios(['server-500']);
    const moved = await admin.moveClock(3_600_000);
    // A form of any enctype, the worker's view and the HTTP server's view of it.
    await refused(b, navigation('POST', '/__mock/reset'));
    await refused(
      b,
      new Request(`${ORIGIN}/__mock/reset`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Sec-Fetch-Mode': 'navigate',
          'Sec-Fetch-Site': 'cross-site',
          Origin: 'https://evil.test',
        },
        body: 'a=1',
      }),
    );
    // A link or an address typed in: a GET navigation is refused too.
    await refused(b, navigation('GET', '/__mock/codes'));
    expect((await admin.listScenarios()).faults).toEqual(['server-500']);
    expect((await admin.readClock()).offset_ms).toBe(moved.offset_ms);
  });

  it('refuses text/plain and bodies without a type: no fault is switched on', async () => {
    const { backend: b, admin } = await start();
    const names = JSON.stringify({ names: ['network-down', 'banned'] });
    await refused(b, new Request(`${ORIGIN}/__mock/scenarios`, textPlain(names)));
    await refused(b, new Request(`${ORIGIN}/__mock/scenarios`, { method: 'POST', body: names }));
    await refused(b, new Request(`${ORIGIN}/__mock/reset`, { method: 'POST' }));
    await refused(
      b,
      new Request(`${ORIGIN}/__mock/clock`, textPlain('{"shift_ms":1}', { Origin: ORIGIN })),
    );
    expect((await admin.listScenarios()).faults).toEqual([]);
    expect((await admin.readClock()).offset_ms).toBe(0);
  });

  it("refuses another origin's page: cross-site, same-site, a foreign or opaque Origin", async () => {
    const { backend: b, admin } = await start();
    const json = (headers: Record<string, string>): RequestInit => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ names: ['network-down'] }),
    });
    const from: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.test' },
      { Origin: 'http://demo.test:8080' },
      { Origin: 'null' },
    ];
    for (const headers of from)
      await refused(b, new Request(`${ORIGIN}/__mock/scenarios`, json(headers)));
    // Reads too: the codes "sent" are no other site's business.
    await refused(
      b,
      new Request(`${ORIGIN}/__mock/codes`, { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    );
    expect((await admin.listScenarios()).faults).toEqual([]);
  });

  it("answers the admin client, the app's own pages and tools without browser headers", async () => {
    const { backend: b, admin } = await start();
    // The client says JSON on every write, a body or none.
    expect(await admin.applyScenarios(['server-500'])).toMatchObject({ faults: ['server-500'] });
    expect(await admin.resetData()).toEqual({ reset: true });
    expect((await admin.listScenarios()).faults).toEqual([]);
    // A page of the backend's own origin, as a browser sends it.
    const own = await b.handle(
      new Request(`${ORIGIN}/__mock/clock`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          Origin: ORIGIN,
          'Sec-Fetch-Site': 'same-origin',
          'Sec-Fetch-Mode': 'cors',
        },
        body: JSON.stringify({ shift_ms: 1000 }),
      }),
    );
    expect(own!.status).toBe(200);
    // curl, Node's fetch: no Origin, no Sec-Fetch-*.
    const tool = await b.handle(new Request(`${ORIGIN}/__mock/scenarios`));
    expect(tool!.status).toBe(200);
  });
});

describe('no navigation writes through the API', () => {
  const phoneCode = JSON.stringify({
    type: 'login',
    phone: '13912345678',
    callcode: '86',
    uid: '',
    validate: '',
    captcha_id: '',
  });

  it('refuses a form POST to an API path, even one whose body reads as JSON', async () => {
    const { backend: b } = await start();
    const before = db.codes.count();
    // `<form enctype="text/plain">` can send a body that parses as JSON.
    await refused(b, navigation('POST', '/v2/user/phone_message', textPlain(phoneCode)), false);
    await refused(
      b,
      new Request(
        `${ORIGIN}/v2/user/phone_message`,
        textPlain(phoneCode, { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'cross-site' }),
      ),
      false,
    );
    expect(db.codes.count()).toBe(before);
    // The app's own call (a fetch, not a navigation) still writes.
    const app = await b.handle(
      new Request(`${ORIGIN}/v2/user/phone_message`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', lang: 'zh', ostype: 'web' },
        body: phoneCode,
      }),
    );
    expect(app!.status).toBe(200);
    expect(db.codes.count()).toBe(before + 1);
  });

  it('answers a GET navigation (a link to the cashier, a shared page)', async () => {
    const { backend: b } = await start();
    const link = await b.handle(navigation('GET', '/get_ad_list'));
    expect(link!.status).not.toBe(403);
  });
});

describe('methods and failures', () => {
  it('TRACE, CONNECT and TRACK are 405 with 40500 and Allow, never a 500', async () => {
    for (const method of ['TRACE', 'CONNECT', 'TRACK']) {
      const response = unsupportedMethod(method, '/api/v1/stories');
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('GET, POST');
      expect(await response.json()).toMatchObject({
        error_code: 40500,
        content: { allow: ['GET', 'POST'] },
      });
    }
    const admin = unsupportedMethod('TRACE', '/__mock/reset');
    expect([admin.status, admin.headers.get('Allow')]).toEqual([405, 'POST']);
  });

  it('answers a failure with a fixed text and logs the error instead', async () => {
    const { backend: b } = await start();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(db.codes, 'all').mockImplementation(() => {
      throw new TypeError('secret insides');
    });
    const response = (await b.handle(new Request(`${ORIGIN}/__mock/codes`)))!;
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(INTERNAL_ERROR_BODY);
    expect(text).not.toContain('secret');
    expect(log).toHaveBeenCalled();
  });

  it('knows the admin paths of openapi/mock-admin.yaml, with their methods', () => {
    expect(ADMIN_ROUTES).toEqual(contract('openapi/mock-admin.yaml').routes);
  });
});
