import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { server } from '@mocks/server';
import { signedIn, tokenExpired } from '@mocks/scenarios';
import type { AppStore } from '@/app/store';
import { testStore } from '@/testing/test-store';
import { loadSession } from './persistence';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { baseQuery } from '@/api/base-query';
import { refreshSession } from './refresh';
import {
  connectTab,
  SESSION_CHANNEL_NAME,
  type ChannelLike,
  type LockManagerLike,
} from './cross-tab';
import { credentialsReceived, sessionEnded } from './session-slice';

/** Web Locks as the browser grants them: exclusive, first come first served, per name. */
function sharedLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>) {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** Node's BroadcastChannel delivers between instances of one process, like tabs of a browser. */
function channel(name: string): ChannelLike {
  const c = new BroadcastChannel(name) as BroadcastChannel & { unref?: () => void };
  c.unref?.();
  return c as unknown as ChannelLike;
}

const apiFor = (store: AppStore): BaseQueryApi => ({
  signal: new AbortController().signal,
  abort: () => {},
  dispatch: store.dispatch,
  getState: store.getState,
  extra: undefined,
  endpoint: 'test',
  type: 'query',
});

function countRefreshes() {
  const seen = { n: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/v1/user/refresh') seen.n += 1;
  });
  return seen;
}

/**
 * Settles as soon as `check` holds for `store`'s state: now, or at the change (a broadcast
 * from the other tab) that makes it hold. Bounded as Testing Library's waits are.
 */
function until(store: AppStore, check: () => boolean) {
  const holds = new Promise<void>((resolve) => {
    if (check()) return resolve();
    const stop = store.subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });
  return vi.waitFor(() => holds, { timeout: 10_000 });
}

const disconnects: Array<() => void> = [];
afterEach(() => {
  while (disconnects.length) disconnects.pop()!();
  server.events.removeAllListeners();
});

/** Two tabs of one browser: two stores holding the same persisted pair. */
async function twoTabs(options: { locks: boolean; channel: boolean }) {
  const s = await signedIn();
  const locks = options.locks ? sharedLocks() : null;
  const name = `${SESSION_CHANNEL_NAME}:${Math.random()}`;
  const tabs = [testStore(), testStore()];
  for (const store of tabs) {
    store.dispatch(
      credentialsReceived({
        uid: s.uid,
        access_token: s.accessToken,
        refresh_token: s.refreshToken,
      }),
    );
    disconnects.push(
      connectTab(store, {
        locks,
        channel: options.channel ? channel(name) : null,
        readPersisted: () => {
          const p = loadSession();
          return p.uid && p.accessToken
            ? { uid: p.uid, accessToken: p.accessToken, refreshToken: p.refreshToken }
            : null;
        },
      }),
    );
  }
  return tabs as [AppStore, AppStore];
}

const limits = (store: AppStore) => baseQuery('/api/v2/self/profile/limits', apiFor(store), {});

describe('refresh across tabs', () => {
  it('two tabs with 4 expired calls each send one refresh and both stay signed in', async () => {
    const [a, b] = await twoTabs({ locks: true, channel: true });
    await tokenExpired();
    const refreshes = countRefreshes();
    const results = await Promise.all([a, b, a, b, a, b, a, b].map((t) => limits(t)));
    expect(refreshes.n).toBe(1);
    expect(results.every((r) => r.data !== undefined)).toBe(true);
    expect(a.getState().session.refreshToken).toBe(b.getState().session.refreshToken);
    expect(b.getState().session.uid).toBe(AUTHOR_UID);
  });

  it('without a broadcast, the waiting tab takes the pair from the persisted session', async () => {
    const [a, b] = await twoTabs({ locks: true, channel: false });
    await tokenExpired();
    const refreshes = countRefreshes();
    const [ra, rb] = await Promise.all([limits(a), limits(b)]);
    expect(refreshes.n).toBe(1);
    expect(ra.data).toBeDefined();
    expect(rb.data).toBeDefined();
    expect(b.getState().session.accessToken).toBe(a.getState().session.accessToken);
  });

  it('a tab that refreshes later adopts the broadcast pair instead of refreshing again', async () => {
    const [a, b] = await twoTabs({ locks: true, channel: true });
    await tokenExpired();
    const refreshes = countRefreshes();
    expect((await refreshSession(apiFor(a))).outcome).toBe('refreshed');
    // The broadcast arrives on a later turn of the event loop (later still on a busy machine).
    await until(b, () => b.getState().session.refreshToken === a.getState().session.refreshToken);
    expect((await limits(b)).data).toBeDefined();
    expect(refreshes.n).toBe(1);
  });

  it('without locks or broadcast (old browsers) each tab spends its own refresh', async () => {
    const [a, b] = await twoTabs({ locks: false, channel: false });
    await tokenExpired();
    const refreshes = countRefreshes();
    await Promise.all([limits(a), limits(b)]);
    // The baseline the lock removes: one refresh per tab with the same single-use token.
    expect(refreshes.n).toBe(2);
  });

  it('a logout in one tab ends the session in the other', async () => {
    const [a, b] = await twoTabs({ locks: true, channel: true });
    a.dispatch(sessionEnded('logout'));
    await until(b, () => b.getState().session.uid === null);
    expect(b.getState().session).toMatchObject({ uid: null, endedBy: 'logout' });
  });
});
