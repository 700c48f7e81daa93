import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AppStore } from '@/app/store';
import { testStore } from '@/testing/test-store';
import { offContract } from '@/testing/contract-guard';
import { refreshFails, signedIn } from '@mocks/scenarios/session';
import { server } from '@mocks/server';
import { refreshSession } from './refresh';

async function signedInStore(): Promise<AppStore> {
  const s = await signedIn();
  return testStore({
    session: {
      uid: s.uid,
      accessToken: s.accessToken,
      refreshToken: s.refreshToken,
      endedBy: null,
    },
  });
}

function countRefreshes() {
  const seen = { n: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/v1/user/refresh') seen.n += 1;
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

describe('refreshSession', () => {
  it('takes a new pair from the server', async () => {
    const store = await signedInStore();
    const before = store.getState().session;
    expect(await refreshSession(store)).toEqual({ outcome: 'refreshed' });
    const after = store.getState().session;
    expect(after.uid).toBe(before.uid);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });

  it('one refresh for any number of concurrent callers in a tab', async () => {
    const store = await signedInStore();
    const refreshes = countRefreshes();
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshSession(store)));
    expect(results.every((r) => r.outcome === 'refreshed')).toBe(true);
    expect(refreshes.n).toBe(1);
  });

  it('a refresh that fails on the network keeps the session', async () => {
    server.use(http.post('*/api/v1/user/refresh', () => HttpResponse.error()));
    const store = await signedInStore();
    const before = store.getState().session;
    expect(await refreshSession(store)).toMatchObject({
      outcome: 'unreachable',
      error: { status: 0, kind: 'network' },
    });
    expect(store.getState().session).toEqual(before);
    // Nothing announced the end of a session.
    expect(store.getState().toast.current).toBeNull();
  });

  it('a refresh answered with a 5xx keeps the session', async () => {
    server.use(
      http.post('*/api/v1/user/refresh', () =>
        offContract(
          HttpResponse.json(
            { error_code: 50300, error_msg: 'unavailable', content: null },
            { status: 503 },
          ),
          'the refresh service is down',
        ),
      ),
    );
    const store = await signedInStore();
    const before = store.getState().session;
    expect(await refreshSession(store)).toMatchObject({
      outcome: 'unreachable',
      error: { status: 503, kind: 'server' },
    });
    expect(store.getState().session).toEqual(before);
  });

  it('a refused refresh (401 from the refresh endpoint) ends the session as expired', async () => {
    server.use(...refreshFails());
    const store = await signedInStore();
    expect(await refreshSession(store)).toEqual({ outcome: 'refused' });
    expect(store.getState().session).toMatchObject({
      uid: null,
      accessToken: null,
      endedBy: 'expired',
    });
  });

  it('a 4xx other than 401 is a refusal too', async () => {
    server.use(
      http.post('*/api/v1/user/refresh', () =>
        HttpResponse.json(
          { error_code: 42200, error_msg: 'missing refresh_token', content: null },
          { status: 422 },
        ),
      ),
    );
    const store = await signedInStore();
    expect((await refreshSession(store)).outcome).toBe('refused');
    expect(store.getState().session.endedBy).toBe('expired');
  });
});
