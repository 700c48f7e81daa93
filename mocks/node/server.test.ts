// @vitest-environment node
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { md5Hex } from '@/rules/md5';
import { AdminError, createAdminClient } from '../admin-client';
import { server as inProcessMocks } from '../server';
import { AUTHOR_EMAIL, AUTHOR_UID } from '../seed-ids';
import { DEFAULT_CORS_ORIGINS } from './cors';
import { parseCli } from './main';
import { startMockServer, type MockServerOptions, type MockServer } from './server';

/**
 * The mock server over real sockets. The test setup's in-process MSW would answer these
 * requests itself (its handlers match any origin), so it is stopped for this file; and since
 * the setup reseeds the shared database before every test, each test starts its own server,
 * which loads its data file afresh.
 */
let dir = '';
let files = 0;
const running: MockServer[] = [];

beforeAll(async () => {
  inProcessMocks.close();
  dir = await mkdtemp(join(tmpdir(), 'inkworld-mock-server-'));
});
afterEach(async () => {
  while (running.length) await running.pop()!.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const newDataFile = () => join(dir, `data-${++files}.json`);

async function start(options: Partial<MockServerOptions> = {}) {
  const server = await startMockServer({ port: 0, dataFile: newDataFile(), ...options });
  running.push(server);
  return server;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** How many pieces the body arrived in. */
  chunks: number;
  // Test code reads whatever the contract says is there.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
}

/** One HTTP request as the client makes it (lang, ostype, JSON), on a connection of its own. */
function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { lang: 'en', ostype: 'web', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          chunks: parts.length,
          json: () => JSON.parse(text) as unknown,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const bearer = (session: { uid: string; access_token: string }) => ({
  Authorization: `Bearer ${session.access_token}`,
  uid: session.uid,
});

/** The README's flow: the seeded author logs in by e-mail with the MD5 of the password. */
async function logIn(base: string): Promise<{ uid: string; access_token: string }> {
  const answer = await call(base, 'POST', '/v2/user/email_login', {
    body: { email: AUTHOR_EMAIL, pwd: md5Hex('inkworld2026'), uid: '', type: 'login' },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.json();
}

describe('npm run mock-server', () => {
  it('logs the seeded author in by e-mail and lists their stories with the token', async () => {
    const { url } = await start();
    const session = await logIn(url);
    expect(session.uid).toBe(AUTHOR_UID);
    const stories = await call(url, 'GET', '/api/v1/stories', { headers: bearer(session) });
    expect(stories.status).toBe(200);
    expect(stories.json().data.length).toBeGreaterThan(0);
    const anonymous = await call(url, 'GET', '/api/v1/stories');
    expect(anonymous.json()).toMatchObject({ error_code: 40103 });
  });

  it('answers the dev origin’s preflight and refuses other origins', async () => {
    const { url } = await start();
    const preflight = (origin: string) =>
      call(url, 'OPTIONS', '/api/v1/stories', {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, uid, content-type, x-trace',
        },
      });
    const dev = await preflight('http://localhost:5173');
    expect(dev.status).toBe(204);
    expect(dev.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
    });
    expect(dev.headers['access-control-allow-methods']).toContain('POST');
    expect(dev.headers['access-control-allow-headers']).toMatch(/Authorization.*uid.*x-trace/);
    expect(dev.headers['access-control-max-age']).toBeDefined();
    const answer = await call(url, 'GET', '/api/v1/stories', {
      headers: { Origin: 'http://127.0.0.1:5173' },
    });
    expect(answer.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect(answer.headers.vary).toContain('Origin');

    const other = await preflight('http://elsewhere.test');
    expect(other.status).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const otherAnswer = await call(url, 'GET', '/api/v1/stories', {
      headers: { Origin: 'http://elsewhere.test' },
    });
    expect(otherAnswer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows any origin with --cors *', async () => {
    const { url } = await start({ corsOrigins: ['*'] });
    const answer = await call(url, 'GET', '/api/v1/stories', {
      headers: { Origin: 'http://elsewhere.test' },
    });
    expect(answer.headers['access-control-allow-origin']).toBe('http://elsewhere.test');
  });

  it('answers paths it does not serve with 404 and the error body', async () => {
    const { url } = await start();
    for (const path of ['/api/v1/no-such-thing', '/index.html']) {
      const answer = await call(url, 'GET', path);
      expect(answer.status).toBe(404);
      expect(answer.json()).toMatchObject({ error_code: 40400, content: null });
      expect(answer.json().error_msg).toEqual(expect.any(String));
    }
  });

  it('serves the admin API under /__mock/', async () => {
    const { url } = await start();
    const admin = createAdminClient(url);
    const list = await admin.listScenarios();
    expect(list.scenarios).toContainEqual({ name: 'signed-in', kind: 'state' });

    const { session } = await admin.applyScenarios(['signed-in']);
    expect(session?.uid).toBe(AUTHOR_UID);
    const stories = await call(url, 'GET', '/api/v1/stories', {
      headers: bearer({ uid: session!.uid, access_token: session!.accessToken }),
    });
    expect(stories.status).toBe(200);

    const unknown = await admin.applyScenarios(['no-such-scenario']).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(AdminError);
    expect(unknown).toMatchObject({ status: 422, content: { unknown: ['no-such-scenario'] } });
    const raw = await call(url, 'POST', '/__mock/scenarios', { body: { names: ['nope'] } });
    expect(raw.json()).toMatchObject({ error_code: 42290, error_msg: expect.any(String) });

    await expect(admin.resetData()).resolves.toEqual({ reset: true });
  });

  it('drops the connection without an answer under network-down', async () => {
    const { url } = await start();
    const admin = createAdminClient(url);
    await admin.applyScenarios(['network-down']);
    await expect(call(url, 'GET', '/api/v1/stories')).rejects.toThrow(/socket hang up|ECONNRESET/);
    // The admin API still answers, so the fault can be cleared.
    await admin.clearFaults();
    expect((await call(url, 'GET', '/api/v1/stories')).status).toBe(401);
  });

  it('stores a write before answering, and a restarted server on the same file has it', async () => {
    const dataFile = newDataFile();
    const first = await start({ dataFile });
    const session = await logIn(first.url);
    const created = await call(first.url, 'POST', '/api/v1/stories', {
      headers: bearer(session),
      body: { title: '重启之后' },
    });
    expect(created.status).toBe(200);
    const { id } = created.json() as { id: string };
    expect(await readFile(dataFile, 'utf8')).toContain(id);

    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await start({ dataFile });
    const stories = await call(second.url, 'GET', '/api/v1/stories', { headers: bearer(session) });
    expect(stories.status).toBe(200);
    expect(stories.json().data.map((s: { id: string }) => s.id)).toContain(id);
  });
});

/** Bytes as written, on a connection of their own; the answer as text once the server closes it. */
function raw(base: string, text: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const parts: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => parts.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(parts).toString('utf8')));
  });
}

/** A browser's form POST or "simple" request: no preflight, a body that is not JSON. */
function simplePost(base: string, path: string, headers: Record<string, string>, body: string) {
  const { host } = new URL(base);
  const lines = [
    `POST ${path} HTTP/1.1`,
    `Host: ${host}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return raw(base, `${lines.join('\r\n')}\r\n\r\n${body}`);
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]);
const bodyOf = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('who may drive it (request-guard.ts)', () => {
  it('refuses another site’s form POST to the admin API and keeps the data', async () => {
    const { url } = await start();
    const admin = createAdminClient(url);
    await admin.applyScenarios(['server-500']);
    const forms: Record<string, string>[] = [
      // A cross-site form, as browsers send it now and as older ones did (Origin only).
      {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.test',
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'navigate',
      },
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.test' },
      // The dev client's origin is on the CORS list, but the admin API is the server's own.
      {
        'Content-Type': 'text/plain',
        Origin: 'http://localhost:5173',
        'Sec-Fetch-Site': 'same-site',
      },
      // No browser headers at all, but not JSON.
      { 'Content-Type': 'text/plain' },
    ];
    for (const headers of forms) {
      const answer = await simplePost(url, '/__mock/reset', headers, 'a=1');
      expect(statusOf(answer), answer).toBe(403);
      expect(bodyOf(answer)).toMatchObject({ error_code: 40300, content: null });
    }
    const scenarios = await simplePost(
      url,
      '/__mock/scenarios',
      { 'Content-Type': 'text/plain', Origin: 'https://evil.test' },
      JSON.stringify({ names: ['network-down'] }),
    );
    expect(statusOf(scenarios)).toBe(403);
    expect((await admin.listScenarios()).faults).toEqual(['server-500']);
  });

  it('refuses another site’s simple POST to the API; answers the CORS list’s pages', async () => {
    const { url } = await start();
    const body = JSON.stringify({
      email: AUTHOR_EMAIL,
      pwd: md5Hex('inkworld2026'),
      uid: '',
      type: 'login',
    });
    const evil = await simplePost(
      url,
      '/v2/user/email_login',
      { 'Content-Type': 'text/plain', Origin: 'https://evil.test', 'Sec-Fetch-Site': 'cross-site' },
      body,
    );
    expect(statusOf(evil)).toBe(403);
    expect(bodyOf(evil)).toMatchObject({ error_code: 40300 });
    const dev = await call(url, 'POST', '/v2/user/email_login', {
      body: JSON.parse(body) as unknown,
      headers: { Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'same-site' },
    });
    expect(dev.status).toBe(200);
  });

  it('takes the admin API from its own pages under any loopback name, not a rebound one', async () => {
    const { url, port } = await start();
    const own = (host: string) =>
      call(`http://127.0.0.1:${port}`, 'POST', '/__mock/clock', {
        body: { shift_ms: 1 },
        headers: {
          Host: `${host}:${port}`,
          Origin: `http://${host}:${port}`,
          'Sec-Fetch-Site': 'same-origin',
        },
      });
    expect((await own('127.0.0.1')).status).toBe(200);
    expect((await own('localhost')).status).toBe(200);
    const rebound = await own('evil.test');
    expect([rebound.status, rebound.json().error_code]).toEqual([403, 40300]);
    expect(url).toBe(`http://127.0.0.1:${port}`);
  });

  it('answers no request under a rebound name, not even a same-origin read', async () => {
    const { port } = await start();
    // A page at evil.test (rebound to 127.0.0.1) reading its "own" origin: no Origin header,
    // Sec-Fetch-Site same-origin, as the browser sends a plain GET.
    const read = (host: string, path: string) =>
      call(`http://127.0.0.1:${port}`, 'GET', path, {
        headers: { Host: `${host}:${port}`, 'Sec-Fetch-Site': 'same-origin' },
      });
    for (const path of ['/__mock/payments', '/__mock/sockets', '/api/v1/stories']) {
      const rebound = await read('evil.test', path);
      expect([rebound.status, rebound.json().error_code], path).toEqual([403, 40300]);
      expect(rebound.json().error_msg).toContain('evil.test');
    }
    expect((await read('localhost', '/__mock/payments')).status).toBe(200);
    expect((await read('127.0.0.1', '/__mock/sockets')).status).toBe(200);
  });

  it('answers TRACE, CONNECT and TRACK with 405, 40500 and Allow, never a 500', async () => {
    const { url } = await start();
    const trace = await call(url, 'TRACE', '/api/v1/stories');
    expect([trace.status, trace.headers.allow]).toEqual([405, 'GET, POST']);
    expect(trace.json()).toMatchObject({ error_code: 40500, content: { allow: ['GET', 'POST'] } });
    expect(trace.text).not.toMatch(/TypeError|unsupported/);
    const host = new URL(url).host;
    for (const method of ['CONNECT', 'TRACK']) {
      const answer = await raw(
        url,
        `${method} /api/v1/stories HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(statusOf(answer), answer).toBe(405);
      expect(answer).toMatch(/\r\nallow: GET, POST\r\n/i);
      expect(bodyOf(answer)).toMatchObject({ error_code: 40500 });
    }
    const admin = await call(url, 'TRACE', '/__mock/reset');
    expect([admin.status, admin.headers.allow]).toEqual([405, 'POST']);
  });
});

describe('the socket at /ws/v2', () => {
  /** The first message or the close of a socket opened with this subprotocol. */
  function open(base: string, path: string, protocol: string) {
    return new Promise<{ protocol: string; message?: unknown; close?: number }>(
      (resolve, reject) => {
        const socket = new WebSocket(base.replace(/^http/, 'ws') + path, [protocol]);
        socket.on('message', (data) => {
          resolve({ protocol: socket.protocol, message: JSON.parse(String(data)) as unknown });
          socket.close();
        });
        socket.on('close', (code) => resolve({ protocol: socket.protocol, close: code }));
        socket.on('error', reject);
      },
    );
  }

  it('takes the access token as subprotocol and says hello', async () => {
    const { url } = await start();
    const session = await logIn(url);
    const opened = await open(url, '/ws/v2', session.access_token);
    expect(opened.protocol).toBe(session.access_token);
    expect(opened.message).toEqual({ type: 'hello', uid: AUTHOR_UID });
  });

  it('refuses a socket from another site’s page or a rebound name', async () => {
    const { url, port } = await start();
    const session = await logIn(url);
    const opening = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/v2`, [session.access_token], {
          headers,
        });
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('error', reject);
      });
    expect(await opening({ Origin: 'https://evil.test' })).toBe(403);
    expect(await opening({ Host: `evil.test:${port}`, Origin: `http://evil.test:${port}` })).toBe(
      403,
    );
    // The server's own pages, the dev server on the CORS list, and tools without an Origin.
    expect(await opening({ Origin: `http://127.0.0.1:${port}` })).toBe(101);
    expect(await opening({ Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).toBe(
      101,
    );
    expect(await opening({ Origin: DEFAULT_CORS_ORIGINS[0]! })).toBe(101);
    expect(await opening({})).toBe(101);
  });

  it('closes with 1008 for a token it does not accept, and refuses other paths', async () => {
    const { url } = await start();
    expect(await open(url, '/ws/v2', 'not-a-token')).toMatchObject({ close: 1008 });
    await expect(open(url, '/ws/v1', 'not-a-token')).rejects.toThrow(/socket hang up/);
  });
});

describe('the continuation stream', () => {
  it('arrives piece by piece as the backend writes it', async () => {
    // With latency the backend pauses between pieces, as the demo does.
    const { url } = await start({ latency: true });
    const session = await logIn(url);
    const story = (await call(url, 'GET', '/api/v1/stories', { headers: bearer(session) })).json()
      .data[0];
    const chapters = await call(url, 'GET', `/api/v1/stories/${story.id}/chapters`, {
      headers: bearer(session),
    });
    const chapter = chapters.json().data[0];
    const answer = await call(url, 'POST', '/api/v1/writing/continue', {
      headers: bearer(session),
      body: { chapter_id: chapter.id, text: '', length: 50, model: 'v1' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toContain('application/x-ndjson');
    expect(answer.chunks).toBeGreaterThan(2);
    const events = answer.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string });
    expect(events[0]!.event).toBe('card');
    expect(events.at(-1)!.event).toBe('done');
  });
});

describe('the command line', () => {
  it('has defaults for everything and reads the flags', () => {
    expect(parseCli([])).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      dataFile: expect.stringMatching(/\.mock-server\/data\.json$/),
      corsOrigins: DEFAULT_CORS_ORIGINS,
      latency: false,
      reset: false,
    });
    expect(
      parseCli(['--port', '0', '--cors', 'http://a.test, http://b.test/', '--latency', '--reset']),
    ).toMatchObject({
      port: 0,
      corsOrigins: ['http://a.test', 'http://b.test'],
      latency: true,
      reset: true,
    });
    expect(parseCli(['--cors', '*'])).toMatchObject({ corsOrigins: ['*'] });
  });

  it('refuses a bad port or an unknown flag with the usage', () => {
    expect(parseCli(['--port', 'http'])).toMatchObject({
      error: true,
      help: expect.stringMatching(/--port must/),
    });
    expect(parseCli(['--prot', '1'])).toMatchObject({
      error: true,
      help: expect.stringMatching(/Unknown option/),
    });
    expect(parseCli(['--help'])).toMatchObject({ error: false });
  });
});
