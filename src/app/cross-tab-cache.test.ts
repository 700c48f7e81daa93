import { waitFor } from '@testing-library/react';
import { applyStateScenarios } from '@mocks/scenarios';
import { worldsApi } from '@/api/worlds';
import type { ChannelLike } from '@/core/cross-tab';
import { testStore } from '@/testing/test-store';
import { toSessionState } from '@/testing/story-decorators';
import { connectCacheAcrossTabs } from './cross-tab-cache';

type Listener = (event: { data: unknown }) => void;

/** Two ends of one BroadcastChannel: each message is a copy, delivered in a later task. */
function channelPair(): [ChannelLike & { sent: unknown[] }, ChannelLike & { sent: unknown[] }] {
  const ends = [0, 1].map(() => ({ listeners: new Set<Listener>(), sent: [] as unknown[] }));
  return ends.map((end, i) => ({
    sent: end.sent,
    postMessage(message: unknown) {
      end.sent.push(message);
      const copy = structuredClone(message);
      const other = ends[1 - i]!;
      queueMicrotask(() => other.listeners.forEach((l) => l({ data: copy })));
    },
    addEventListener: (_: 'message', l: Listener) => void end.listeners.add(l),
    removeEventListener: (_: 'message', l: Listener) => void end.listeners.delete(l),
    close: () => end.listeners.clear(),
  })) as [ChannelLike & { sent: unknown[] }, ChannelLike & { sent: unknown[] }];
}

async function signedInTab() {
  const client = await applyStateScenarios(['signed-in']);
  return testStore({ session: toSessionState(client!) });
}

/** Tab's first page of worlds, as its cache holds it. */
const listIn = (store: Awaited<ReturnType<typeof signedInTab>>) =>
  worldsApi.endpoints.listWorlds.select({ page: 1 })(store.getState() as never);

const titles = (store: Awaited<ReturnType<typeof signedInTab>>) =>
  listIn(store).data?.data.map((w) => w.title) ?? [];

describe('open tabs agree (cross-tab-cache.ts)', () => {
  it("a world renamed in tab A shows in tab B's list without a reload", async () => {
    const a = await signedInTab();
    const b = await signedInTab();
    const [toB, toA] = channelPair();
    const disconnect = [connectCacheAcrossTabs(a, toB), connectCacheAcrossTabs(b, toA)];
    const inB = b.dispatch(worldsApi.endpoints.listWorlds.initiate({ page: 1 }));
    await waitFor(() => expect(titles(b).length).toBeGreaterThan(0));
    const world = listIn(b).data!.data[0]!;

    await a
      .dispatch(
        worldsApi.endpoints.updateWorld.initiate({
          id: world.id,
          updateWorldBody: { title: '另一个标签页改的名字' },
        }),
      )
      .unwrap();

    await waitFor(() => expect(titles(b)).toContain('另一个标签页改的名字'));
    // Tab B took it in and sent nothing back: no echo between tabs.
    expect(toB.sent).toHaveLength(1);
    expect(toA.sent).toHaveLength(0);
    inB.unsubscribe();
    disconnect.forEach((d) => d());
  });

  it("ignores another account's writes", async () => {
    const a = await signedInTab();
    const b = await signedInTab();
    const [fromA] = channelPair();
    const [toB, intoB] = channelPair();
    connectCacheAcrossTabs(a, fromA);
    connectCacheAcrossTabs(b, intoB);
    const inB = b.dispatch(worldsApi.endpoints.listWorlds.initiate({ page: 1 }));
    await waitFor(() => expect(titles(b).length).toBeGreaterThan(0));
    const before = listIn(b);
    await a
      .dispatch(
        worldsApi.endpoints.updateWorld.initiate({
          id: before.data!.data[0]!.id,
          updateWorldBody: { title: '只属于另一个账号' },
        }),
      )
      .unwrap();
    // A's answer, as if another account had written it in another tab.
    const sent = fromA.sent[0] as { uid: string };
    toB.postMessage({ ...sent, uid: 'u_someone_else' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const after = listIn(b);
    expect(after.startedTimeStamp).toBe(before.startedTimeStamp);
    // The same answer under this account's uid is taken in.
    toB.postMessage(sent);
    await waitFor(() => expect(titles(b)).toContain('只属于另一个账号'));
    inB.unsubscribe();
  });
});
