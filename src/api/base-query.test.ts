import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { server } from '@mocks/server';
import { offContract } from '@/testing/contract-guard';
import { testStore } from '@/testing/test-store';
import { baseQuery } from './base-query';
import { credentialsReceived, sessionEnded } from '@/core/session-slice';
import { env } from '@/config/env';
import { installManualClock } from '@/testing/manual-clock';

function apiFor(store: ReturnType<typeof testStore>, endpoint = 'test'): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint,
    type: 'query',
  };
}

function signedInStore(access = 'old') {
  const store = testStore();
  store.dispatch(credentialsReceived({ uid: 'u1', access_token: access, refresh_token: 'r1' }));
  return store;
}

// Answers in the contract's shapes (the contract guard checks every answer of a test).
const BALANCE = {
  vip_words: 1000,
  pack_words: 0,
  vip_expiry: null,
  checkin_words: 0,
  checkin_expiry: null,
};
const LIMIT = { enabled: true, total_times: 5, used_times: 0 };

/** Settles once `request` is aborted (the client gave up): a server that never answers first. */
const abortOf = (request: Request) =>
  new Promise<void>((resolve) => {
    if (request.signal.aborted) resolve();
    else request.signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** `done` settles once `tick` has been called `n` times. */
function afterCalls(n: number) {
  let left = n;
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    done,
    tick() {
      left -= 1;
      if (left === 0) open();
    },
  };
}

const rejected = () =>
  HttpResponse.json(
    { error_code: 40103, error_msg: 'token expired', content: null },
    { status: 401 },
  );

describe('baseQuery', () => {
  it('sends the headers of spec 1 §7', async () => {
    let seen: Headers | null = null;
    server.use(
      http.get('*/api/v1/user/benefits/writing', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json(BALANCE);
      }),
    );
    const store = signedInStore('tok');
    const r = await baseQuery('/api/v1/user/benefits/writing', apiFor(store), {});
    expect(r.data).toEqual(BALANCE);
    expect(seen!.get('authorization')).toBe('Bearer tok');
    expect(seen!.get('uid')).toBe('u1');
    expect(seen!.get('lang')).toBe('zh');
    expect(seen!.get('ostype')).toBe('web');
  });

  it('sends no credentials headers when logged out', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get('*/api/v1/settings/copy', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ oss_url: '/x' });
      }),
    );
    await baseQuery('/api/v1/settings/copy', apiFor(testStore()), {});
    expect(auth).toBeNull();
  });

  it('refreshes once for N concurrent 401/40103 answers, then retries each call', async () => {
    let refreshes = 0;
    let served = 0;
    // The refresh is still on its way when every call meets its 401: it answers once all six
    // calls sent with the old token have reached the server.
    const calls = 6;
    const sentWithOldToken = afterCalls(calls);
    server.use(
      http.post('*/api/v1/user/refresh', async ({ request }) => {
        refreshes += 1;
        expect(await request.json()).toEqual({ refresh_token: 'r1' });
        await sentWithOldToken.done;
        return HttpResponse.json({ access_token: 'new', refresh_token: 'r2' });
      }),
      http.get('*/api/v2/self/profile/limits', ({ request }) => {
        if (request.headers.get('authorization') !== 'Bearer new') {
          sentWithOldToken.tick();
          return rejected();
        }
        served += 1;
        return HttpResponse.json({ avatar: LIMIT, nickname: { ...LIMIT, used_times: served } });
      }),
    );
    const store = signedInStore();
    const results = await Promise.all(
      Array.from({ length: calls }, () =>
        baseQuery('/api/v2/self/profile/limits', apiFor(store), {}),
      ),
    );
    expect(refreshes).toBe(1);
    expect(results.every((r) => r.data !== undefined)).toBe(true);
    expect(store.getState().session.accessToken).toBe('new');
    expect(store.getState().session.refreshToken).toBe('r2');
  });

  it('ends the session when the refresh is refused (spec 1 §4: 40103 logs out)', async () => {
    server.use(
      http.post('*/api/v1/user/refresh', () => rejected()),
      http.get('*/api/v2/self/profile/limits', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ avatar: LIMIT, nickname: LIMIT })
          : rejected(),
      ),
    );
    const store = signedInStore();
    const call = baseQuery('/api/v2/self/profile/limits', apiFor(store), {});
    await vi.waitFor(() =>
      expect(store.getState().session).toMatchObject({
        accessToken: null,
        uid: null,
        endedBy: 'expired',
        endedUid: 'u1',
      }),
    );
    // The call waits for its account (its screen stays, read-only): the same account signs
    // in again, and it is sent with the new token.
    store.dispatch(credentialsReceived({ uid: 'u1', access_token: 'new', refresh_token: 'r2' }));
    expect((await call).data).toEqual({ avatar: LIMIT, nickname: LIMIT });
  });

  it('a call waiting for its account gives up with its 401 for another account, a logout or an abort', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.post('*/api/v1/user/refresh', () => rejected()),
      http.get('*/api/v2/self/profile/limits', ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return rejected();
      }),
    );
    const PATH = '/api/v2/self/profile/limits';
    const ended = (store: ReturnType<typeof testStore>) =>
      vi.waitFor(() => expect(store.getState().session.endedUid).toBe('u1'));
    const refusal = { status: 401, code: 40103, kind: 'auth' };

    // Another account signs in: neither the first call nor one made while signed out is sent
    // with its token.
    let store = signedInStore();
    const first = baseQuery(PATH, apiFor(store), {});
    await ended(store);
    const signedOut = baseQuery(PATH, apiFor(store), {});
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    store.dispatch(credentialsReceived({ uid: 'u2', access_token: 'other', refresh_token: 'r9' }));
    expect((await first).error).toMatchObject(refusal);
    expect((await signedOut).error).toMatchObject(refusal);
    expect(sent).toEqual(['Bearer old', null]);

    // A logout.
    store = signedInStore();
    const beforeLogout = baseQuery(PATH, apiFor(store), {});
    await ended(store);
    store.dispatch(sessionEnded('logout'));
    expect((await beforeLogout).error).toMatchObject(refusal);

    // The call's own signal (RTK Query aborts running calls when the cache is reset).
    store = signedInStore();
    const controller = new AbortController();
    const aborted = baseQuery(PATH, { ...apiFor(store), signal: controller.signal }, {});
    await ended(store);
    controller.abort();
    expect((await aborted).error).toMatchObject(refusal);
  });

  it('a refresh that fails on the network or with a 5xx keeps the session; a later call refreshes', async () => {
    let refreshDown: 'network' | 'server' | null = 'network';
    let refreshes = 0;
    server.use(
      http.post('*/api/v1/user/refresh', () => {
        refreshes += 1;
        if (refreshDown === 'network') return HttpResponse.error();
        if (refreshDown === 'server')
          return offContract(
            HttpResponse.json(
              { error_code: 50000, error_msg: 'boom', content: null },
              { status: 500 },
            ),
            'the refresh service fails',
          );
        return HttpResponse.json({ access_token: 'new', refresh_token: 'r2' });
      }),
      http.get('*/api/v2/self/profile/limits', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ avatar: LIMIT, nickname: LIMIT })
          : rejected(),
      ),
    );
    const store = signedInStore();
    const offline = await baseQuery('/api/v2/self/profile/limits', apiFor(store), {});
    // The call fails as a connectivity failure (the network message), not as a dead session.
    expect(offline.error).toMatchObject({ status: 0, kind: 'network' });
    expect(store.getState().session).toMatchObject({
      uid: 'u1',
      accessToken: 'old',
      endedBy: null,
    });

    refreshDown = 'server';
    const failing = await baseQuery('/api/v2/self/profile/limits', apiFor(store), {});
    expect(failing.error).toMatchObject({ status: 500, kind: 'server' });
    expect(store.getState().session).toMatchObject({
      uid: 'u1',
      refreshToken: 'r1',
      endedBy: null,
    });

    refreshDown = null;
    const back = await baseQuery('/api/v2/self/profile/limits', apiFor(store), {});
    expect(back.data).toBeDefined();
    expect(refreshes).toBe(3);
    expect(store.getState().session).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('never refreshes or logs out because of the logout call itself', async () => {
    let refreshes = 0;
    server.use(
      http.post('*/api/v1/user/refresh', () => {
        refreshes += 1;
        return HttpResponse.json({ access_token: 'x', refresh_token: 'y' });
      }),
      http.post('*/api/v1/user/logout', () => rejected()),
    );
    const store = signedInStore();
    const r = await baseQuery({ url: '/api/v1/user/logout', method: 'POST' }, apiFor(store), {});
    expect(r.error?.code).toBe(40103);
    expect(refreshes).toBe(0);
    expect(store.getState().session.accessToken).toBe('old');
  });

  it('normalises a dropped connection and a 500', async () => {
    server.use(
      http.get('*/get_ad_list', () => HttpResponse.error()),
      http.post('*/time', () =>
        HttpResponse.json({ error_code: 50000, error_msg: 'boom', content: null }, { status: 500 }),
      ),
    );
    const store = testStore();
    const dropped = await baseQuery('/get_ad_list', apiFor(store), {});
    expect(dropped.error).toMatchObject({ status: 0, kind: 'network' });
    const boom = await baseQuery({ url: '/time', method: 'POST' }, apiFor(store), {});
    expect(boom.error).toMatchObject({ status: 500, code: 50000, kind: 'server' });
  });

  it('times out after 5000 ms', async () => {
    const manual = installManualClock();
    let reached!: () => void;
    const atServer = new Promise<void>((resolve) => (reached = resolve));
    server.use(
      http.get('*/get_ad_list', async ({ request }) => {
        reached();
        // No answer before the client gives up.
        await abortOf(request);
        return HttpResponse.json({ data: [] });
      }),
    );
    const started = manual.now();
    let settled = false;
    const call = Promise.resolve(baseQuery('/get_ad_list', apiFor(testStore()), {})).finally(() => {
      settled = true;
    });
    await atServer;
    await manual.advance(env.requestTimeoutMs - 1);
    expect(settled).toBe(false);
    await manual.advance(1);
    const r = await call;
    expect(r.error).toMatchObject({ kind: 'timeout', status: 0 });
    expect(manual.now() - started).toBeGreaterThanOrEqual(4900);
  });
});
