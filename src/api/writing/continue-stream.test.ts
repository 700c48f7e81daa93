import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AppStore } from '@/app/store';
import { testStore } from '@/testing/test-store';
import { credentialsReceived } from '@/core/session-slice';
import { offContract } from '@/testing/contract-guard';
import { server } from '@mocks/server';
import { streamContinuation } from './continue-stream';
import type { ContinueBody } from './writing.gen';

const BODY: ContinueBody = { chapter_id: 'c1', text: '从前', length: 100, model: 'v1' };

const rejected = () =>
  HttpResponse.json(
    { error_code: 40103, error_msg: 'token expired', content: null },
    { status: 401 },
  );

function ndjson(...events: object[]) {
  return new HttpResponse(events.map((e) => JSON.stringify(e) + '\n').join(''), {
    headers: { 'Content-Type': 'application/x-ndjson' },
  });
}

/**
 * The continuation answers only the refreshed token 'new'; every request's headers are kept
 * (`seen`), and `reached(n)` settles once `n` requests have come.
 */
function continuationForNewToken() {
  const seen: Headers[] = [];
  const waiting: Array<{ n: number; resolve: () => void }> = [];
  const reached = (n: number) =>
    new Promise<void>((resolve) => {
      if (seen.length >= n) resolve();
      else waiting.push({ n, resolve });
    });
  server.use(
    http.post('*/api/v1/writing/continue', ({ request }) => {
      seen.push(request.headers);
      for (const w of waiting) if (seen.length >= w.n) w.resolve();
      if (request.headers.get('authorization') !== 'Bearer new') return rejected();
      return ndjson(
        { event: 'card', index: 0, nodeid: 'n0' },
        { event: 'delta', index: 0, text: '有一座山' },
        { event: 'done', charged: 100 },
      );
    }),
  );
  return { seen, reached };
}

function refreshAnswering(answer: () => Response | Promise<Response>) {
  const seen = { n: 0 };
  server.use(
    http.post('*/api/v1/user/refresh', async () => {
      seen.n += 1;
      return answer();
    }),
  );
  return seen;
}

function signedInStore(): AppStore {
  const store = testStore();
  store.dispatch(credentialsReceived({ uid: 'u1', access_token: 'old', refresh_token: 'r1' }));
  return store;
}

function collect() {
  const text: string[] = [];
  return { text, handlers: { onCard() {}, onDelta: (_: number, t: string) => void text.push(t) } };
}

afterEach(() => server.events.removeAllListeners());

describe('streamContinuation and the session', () => {
  it("sends the session's headers and, on 401/40103, refreshes once and streams with the new token", async () => {
    const { seen, reached } = continuationForNewToken();
    // The refresh is still on its way when both streams meet their 401: it answers once both
    // requests sent with the old token have reached the server.
    const refreshes = refreshAnswering(async () => {
      await reached(2);
      return HttpResponse.json({ access_token: 'new', refresh_token: 'r2' });
    });
    const store = signedInStore();
    const [a, b] = [collect(), collect()];
    const done = await Promise.all([
      streamContinuation(BODY, store, a.handlers),
      streamContinuation(BODY, store, b.handlers),
    ]);
    expect(done).toEqual([{ charged: 100 }, { charged: 100 }]);
    expect(a.text.join('')).toBe('有一座山');
    expect(refreshes.n).toBe(1);
    const first = seen[0]!;
    expect(first.get('authorization')).toBe('Bearer old');
    expect(first.get('uid')).toBe('u1');
    expect(first.get('lang')).toBe('zh');
    expect(first.get('ostype')).toBe('web');
    expect(store.getState().session).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('a refresh that cannot reach the server keeps the session; the stream fails as connectivity', async () => {
    continuationForNewToken();
    refreshAnswering(() =>
      offContract(
        HttpResponse.json({ error_code: 50000, error_msg: 'boom', content: null }, { status: 502 }),
        'the refresh service fails',
      ),
    );
    const store = signedInStore();
    await expect(streamContinuation(BODY, store, collect().handlers)).rejects.toMatchObject({
      status: 502,
      kind: 'server',
    });
    expect(store.getState().session).toMatchObject({
      uid: 'u1',
      accessToken: 'old',
      endedBy: null,
    });
  });

  it('a refused refresh ends the session; the stream waits for its account and goes on after its login', async () => {
    const { seen } = continuationForNewToken();
    refreshAnswering(() => rejected());
    const store = signedInStore();
    const got = collect();
    const stream = streamContinuation(BODY, store, got.handlers);
    await vi.waitFor(() =>
      expect(store.getState().session).toMatchObject({
        uid: null,
        endedBy: 'expired',
        endedUid: 'u1',
      }),
    );
    store.dispatch(credentialsReceived({ uid: 'u1', access_token: 'new', refresh_token: 'r2' }));
    await expect(stream).resolves.toEqual({ charged: 100 });
    expect(seen.map((h) => h.get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('a stream waiting for its account fails with the 401 when another account signs in', async () => {
    const { seen } = continuationForNewToken();
    refreshAnswering(() => rejected());
    const store = signedInStore();
    const stream = streamContinuation(BODY, store, collect().handlers);
    await vi.waitFor(() => expect(store.getState().session.endedUid).toBe('u1'));
    store.dispatch(credentialsReceived({ uid: 'u2', access_token: 'new', refresh_token: 'r9' }));
    await expect(stream).rejects.toMatchObject({ status: 401, code: 40103 });
    expect(seen).toHaveLength(1);
  });
});
