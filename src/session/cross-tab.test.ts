import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { server } from '@mocks/server';
import { signedIn, tokenExpired } from '@mocks/scenarios';
import type { AppStore } from '@/app/store';
import { testStore } from '@/testing/test-store';
import { loadSession } from './persistence';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { baseQuery } from '@/api/base-query';
import { refreshSession } from '@/core/refresh';
import {
  connectTab,
  SESSION_CHANNEL_NAME,
  type ChannelLike,
  type LockManagerLike,
} from '@/core/cross-tab';
import { credentialsReceived, sessionEnded } from '@/core/session-slice';

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
    // No tab presented the used refresh token again (that would revoke the family): the new
    // pair goes on working in both.
    const [again, againB] = await Promise.all([limits(a), limits(b)]);
    expect(again.data).toBeDefined();
    expect(againB.data).toBeDefined();
    expect(refreshes.n).toBe(1);
    expect(b.getState().session.uid).toBe(AUTHOR_UID);
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
    // The baseline the lock removes: one refresh per tab with the same single-use token. The
    // second is a replay, which revokes the family (reuse detection): both tabs are asked to
    // log in again, and the calls wait for that login (not awaited here).
    void limits(a);
    void limits(b);
    await until(a, () => a.getState().session.endedBy === 'expired');
    await until(b, () => b.getState().session.endedBy === 'expired');
    expect(refreshes.n).toBeGreaterThanOrEqual(2);
    expect(a.getState().session.endedUid).toBe(AUTHOR_UID);
  });

  it('a logout in one tab ends the session in the other', async () => {
    const [a, b] = await twoTabs({ locks: true, channel: true });
    a.dispatch(sessionEnded('logout'));
    await until(b, () => b.getState().session.uid === null);
    expect(b.getState().session).toMatchObject({ uid: null, endedBy: 'logout' });
  });
});

describe('a login across tabs', () => {
  const pair = (uid: string, n: number) => ({
    uid,
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
  });

  it('signs in a tab whose session ended for the same account, and a signed-out tab', async () => {
    const [a, b] = await twoTabs({ locks: true, channel: true });
    // Tab b's session expired (held: its screen waits for the same account); tab a logged out.
    b.dispatch(sessionEnded('expired'));
    a.dispatch(sessionEnded('logout'));
    await until(b, () => b.getState().session.endedUid === AUTHOR_UID);
    expect(b.getState().session.accessToken).toBeNull();

    a.dispatch(credentialsReceived(pair(AUTHOR_UID, 2)));
    await until(b, () => b.getState().session.accessToken === 'access-2');
    expect(b.getState().session).toMatchObject({
      uid: AUTHOR_UID,
      refreshToken: 'refresh-2',
      endedBy: null,
    });

    // And the other way round: a tab that had logged out takes the next login.
    b.dispatch(sessionEnded('logout'));
    await until(a, () => a.getState().session.accessToken === null);
    b.dispatch(credentialsReceived(pair('u_other', 3)));
    await until(a, () => a.getState().session.uid === 'u_other');
    expect(a.getState().session.accessToken).toBe('access-3');
  });

  it('leaves a tab that waits for another account, and a tab signed in, as they are', async () => {
    const name = `${SESSION_CHANNEL_NAME}:${Math.random()}`;
    const tab = (uid: string, n: number) => {
      const store = testStore();
      store.dispatch(credentialsReceived(pair(uid, n)));
      disconnects.push(
        connectTab(store, { locks: null, channel: channel(name), readPersisted: () => null }),
      );
      return store;
    };
    const [a, held, other] = [tab(AUTHOR_UID, 1), tab(AUTHOR_UID, 1), tab('u_third', 9)];
    held.dispatch(sessionEnded('expired'));
    a.dispatch(sessionEnded('logout'));
    // Another account logs in beside it, then the awaited one: the held tab takes only the
    // second (one sender's messages arrive in order, so it had heard the first by then).
    a.dispatch(credentialsReceived(pair('u_other', 4)));
    a.dispatch(sessionEnded('logout'));
    a.dispatch(credentialsReceived(pair(AUTHOR_UID, 5)));
    await until(held, () => held.getState().session.accessToken === 'access-5');
    expect(held.getState().session.uid).toBe(AUTHOR_UID);
    // The tab signed in all along kept its own session through every login beside it.
    expect(other.getState().session).toMatchObject({ uid: 'u_third', accessToken: 'access-9' });
  });
});
