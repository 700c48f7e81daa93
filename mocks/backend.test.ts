// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminClient } from './admin-client';
import { createBackend, type Backend, type BackendNotice, type BackendStorage } from './backend';
import { clock } from './clock';
import { db } from './db';
import { latency } from './http';
import seed from './seed.gen.json';
import { AUTHOR_UID } from './seed-ids';
import { SCHEMA_VERSION, type PersistedState } from './state';

/** A backend over memory storage that records every save, as the hosts' storages are used. */
function memoryStorage(initial: unknown = null) {
  const saves: PersistedState[] = [];
  let current: unknown = initial;
  const storage: BackendStorage = {
    load: async () => structuredClone(current),
    save: async (state) => {
      current = structuredClone(state);
      saves.push(current as PersistedState);
    },
  };
  return { storage, saves, current: () => current as PersistedState | null };
}

const open: Backend[] = [];
function start(storage: BackendStorage, notify?: (n: BackendNotice) => void) {
  const backend = createBackend({ storage, notify });
  open.push(backend);
  return backend;
}
afterEach(() => {
  while (open.length) open.pop()!.close();
  clock.reset();
  // The switch is the module's, shared with every in-process backend of this worker.
  latency.enabled = false;
});

const ORIGIN = 'http://demo.test';

/** The admin client over a backend's `handle`, as a page would call it through the worker. */
function adminOf(backend: Backend) {
  vi.stubGlobal('fetch', async (input: RequestInfo, init?: RequestInit) => {
    const response = await backend.handle(new Request(input, init));
    return response ?? new Response('not the backend', { status: 599 });
  });
  return createAdminClient(ORIGIN);
}
afterEach(() => vi.unstubAllGlobals());

async function signIn(backend: Backend) {
  const { session } = await adminOf(backend).applyScenarios(['signed-in']);
  return session!;
}

function createStory(backend: Backend, token: string, title: string) {
  return backend.handle(
    new Request(`${ORIGIN}/api/v1/stories`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        uid: AUTHOR_UID,
        lang: 'zh',
        ostype: 'web',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ title }),
    }),
  );
}

describe('the backend as a server', () => {
  it('stores a write before it answers, and a restarted backend on the same storage has it', async () => {
    const mem = memoryStorage();
    const backend = start(mem.storage);
    await backend.ready;
    expect(mem.current()?.schema).toBe(SCHEMA_VERSION);
    const session = await signIn(backend);
    const saved = mem.saves.length;
    const response = await createStory(backend, session.accessToken, '同一个后端');
    expect(response!.status).toBe(200);
    const story = (await response!.json()) as { id: string };
    // Already stored when the answer came back: no debounce, nothing to lose on a closed tab.
    expect(mem.saves.length).toBeGreaterThan(saved);
    expect(mem.current()!.data.stories.some((s) => s.id === story.id)).toBe(true);

    backend.close();
    await db.stories.deleteMany((q) => q.where({ id: story.id }));
    const again = start(mem.storage);
    await again.ready;
    expect(db.stories.findFirst((q) => q.where({ id: story.id }))?.title).toBe('同一个后端');
  });

  it('stores a scheduled purge at once, with no request after it', async () => {
    const mem = memoryStorage();
    const first = start(mem.storage);
    await first.ready;
    // A story of the recycle bin, and a demo reopened after its 30 days there.
    const trashed = mem.current()!.data.stories.find((s) => s.deleted_at > 0)!;
    // The backend's own clock moves on (kept across the restart, as a shifted clock is).
    await adminOf(first).moveClock(31 * 86_400_000);
    first.close();
    const again = start(mem.storage);
    await again.ready;
    // The purge ran as the backend started; what is stored loses the story too, although no
    // request came after it (nothing else would store it).
    expect(db.stories.findFirst((q) => q.where({ id: trashed.id }))).toBeUndefined();
    await vi.waitFor(() =>
      expect(mem.current()!.data.stories.some((s) => s.id === trashed.id)).toBe(false),
    );
  });

  it('answers only its own paths; an unknown API path is a 404 with the error body', async () => {
    const backend = start(memoryStorage().storage);
    expect(await backend.handle(new Request(`${ORIGIN}/assets/index.js`))).toBeNull();
    expect(await backend.handle(new Request(`${ORIGIN}/dashboard/novels`))).toBeNull();
    const missing = await backend.handle(new Request(`${ORIGIN}/api/v1/no-such-endpoint`));
    expect(missing!.status).toBe(404);
    expect(await missing!.json()).toMatchObject({ error_code: 40400 });
  });

  it('migrates the in-page backend of earlier deploys (schema 1) and keeps its data', async () => {
    const old = structuredClone(seed) as unknown as PersistedState['data'];
    old.users.find((u) => u.uid === AUTHOR_UID)!.nickname = '旧版本的名字';
    const mem = memoryStorage({ version: 1, data: old });
    const backend = start(mem.storage);
    await backend.ready;
    expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))?.nickname).toBe('旧版本的名字');
    // Stored again in the current schema at once, so the next start needs no migration.
    expect(mem.current()).toMatchObject({ schema: SCHEMA_VERSION, meta: { faults: [] } });
  });

  it('reseeds when saved data cannot be carried forward (unknown version, rows the schema refuses)', async () => {
    for (const bad of [
      { schema: SCHEMA_VERSION + 1, data: seed, meta: {} },
      { schema: SCHEMA_VERSION, data: { users: [{ uid: 42 }] }, meta: {} },
      'not a state',
    ]) {
      const mem = memoryStorage(bad);
      const backend = start(mem.storage);
      await backend.ready;
      expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))?.nickname).toBe('墨染青衣');
      expect(mem.current()!.schema).toBe(SCHEMA_VERSION);
      backend.close();
    }
  });

  it('remembers fault scenarios and the shifted clock across a restart', async () => {
    const mem = memoryStorage();
    const backend = start(mem.storage);
    const client = adminOf(backend);
    await client.applyScenarios(['server-500']);
    const moved = await client.moveClock(3_600_000);
    expect(moved.offset_ms).toBe(3_600_000);
    backend.close();
    clock.reset();

    const again = start(mem.storage);
    const adminAgain = adminOf(again);
    expect((await adminAgain.listScenarios()).faults).toEqual(['server-500']);
    expect((await adminAgain.readClock()).offset_ms).toBe(3_600_000);
    const failing = await again.handle(new Request(`${ORIGIN}/api/v1/settings/copy`));
    expect(failing!.status).toBe(500);
    await adminAgain.clearFaults();
    const copy = new Request(`${ORIGIN}/api/v1/settings/copy`, {
      headers: { lang: 'zh', ostype: 'web' },
    });
    expect((await again.handle(copy))!.status).toBe(200);
  });

  it('switches its latency through the admin API, keeps the setting across a restart and a reset, and refuses anything but a boolean or null', async () => {
    const mem = memoryStorage();
    const demo = (storage: BackendStorage) => {
      const backend = createBackend({ storage, latency: true });
      open.push(backend);
      return backend;
    };
    const backend = demo(mem.storage);
    const client = adminOf(backend);
    expect(await client.readLatency()).toBe(true);
    expect(await client.setLatency(false)).toBe(false);
    await client.resetData();
    expect(await client.readLatency()).toBe(false);
    backend.close();

    const again = demo(mem.storage);
    const adminAgain = adminOf(again);
    expect(await adminAgain.readLatency()).toBe(false);
    await expect(
      again
        .handle(
          new Request(`${ORIGIN}/__mock/latency`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ enabled: 'no' }),
          }),
        )
        .then((r) => r!.status),
    ).resolves.toBe(422);
    expect(await adminAgain.readLatency()).toBe(false);
    // Null: back to the host's default.
    expect(await adminAgain.setLatency(null)).toBe(true);
  });

  it('refuses an import it cannot migrate and keeps its own data', async () => {
    const backend = start(memoryStorage().storage);
    const client = adminOf(backend);
    const session = await signIn(backend);
    await createStory(backend, session.accessToken, '导入之前');
    await expect(client.importState({ schema: 99, data: {} })).rejects.toMatchObject({
      status: 422,
    });
    expect(db.stories.all().some((s) => s.title === '导入之前')).toBe(true);
  });

  it('refuses unknown scenarios with the error body and applies nothing', async () => {
    const backend = start(memoryStorage().storage);
    const client = adminOf(backend);
    await expect(client.applyScenarios(['server-500', 'no-such-thing'])).rejects.toMatchObject({
      status: 422,
      message: 'unknown scenarios: no-such-thing',
      content: { unknown: ['no-such-thing'] },
    });
    expect((await client.listScenarios()).faults).toEqual([]);
  });

  it('a reset goes back to the seed, clears the faults and tells every page', async () => {
    const notices: BackendNotice[] = [];
    const mem = memoryStorage();
    const backend = start(mem.storage, (n) => notices.push(n));
    const client = adminOf(backend);
    const session = await signIn(backend);
    await createStory(backend, session.accessToken, '重置前');
    await client.applyScenarios(['network-down']);
    await client.resetData();
    expect(notices).toEqual([{ type: 'reset' }]);
    expect(db.stories.all().some((s) => s.title === '重置前')).toBe(false);
    expect(mem.current()!.meta.faults).toEqual([]);
    expect(mem.current()!.data.stories).toHaveLength(seed.stories.length);
  });
});
