import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import { NSFW_WORDS, RISK_WORDS, SENSITIVE_WORDS, SERVER_LIMITS } from './worlds';
import { type Auth, call, expectError, get, post, session } from './test-client';

// The client checks are bypassed here: every call goes straight to the mock server.

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

const myWorlds = () => db.worlds.all().filter((w) => w.uid === AUTHOR_UID && !w.deleted);
const firstWorld = () => myWorlds()[0]!;
const otherWorld = () => db.worlds.all().find((w) => w.uid !== AUTHOR_UID)!;
const newWorld = (over: Record<string, unknown> = {}) => ({
  title: '新世界',
  background: '一片大陆。',
  forbidden_words: ['手机'],
  cover: '',
  ...over,
});
const entry = (over: Record<string, unknown> = {}) => ({
  name: '林月',
  description: '剑客。',
  type: 'character',
  character_status: 'alive',
  character_age: 'adult',
  is_recommended: true,
  character_target: '找到师父',
  character_relationships: [{ name: '白鹤', locked: false, relationships: ['师徒'] }],
  ...over,
});
const entriesPath = (id = firstWorld().id) => `/api/v1/universes/${id}/entries`;
const put = (path: string, body: unknown, a?: Auth) => call('PUT', path, { body, auth: a });
const patch = (path: string, body: unknown, a?: Auth) => call('PATCH', path, { body, auth: a });
const del = (path: string, body?: unknown, a?: Auth) => call('DELETE', path, { body, auth: a });

describe('worlds list and detail', () => {
  it('needs a user (40103) for the list, the detail and the entries', async () => {
    expectError(await get('/api/v1/universes'), 40103, 401);
    expectError(await get(`/api/v1/universes/${firstWorld().id}`), 40103, 401);
    expectError(await get(entriesPath()), 40103, 401);
  });

  it("pages the caller's worlds, 20 by default", async () => {
    for (let i = 0; i < 22; i++)
      expect((await post('/api/v1/universes', newWorld({ title: `世界${i}` }), auth)).status).toBe(
        200,
      );
    const total = myWorlds().length;
    const first = await get('/api/v1/universes', auth);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.paging).toMatchObject({ has_prev: false, has_next: true });
    const second = await get(first.body.paging.next, auth);
    expect(second.body.data).toHaveLength(total - 20);
    expect(second.body.paging).toMatchObject({ has_prev: true, has_next: false, next: null });
    expect(
      first.body.data.every((w: { id: string }) => myWorlds().some((m) => m.id === w.id)),
    ).toBe(true);
  });

  it("answers 40403 for another user's world and a deleted one", async () => {
    expectError(await get(`/api/v1/universes/${otherWorld().id}`, auth), 40403);
    const id = firstWorld().id;
    await del('/api/v1/universes', { universe_ids: [id] }, auth);
    expectError(await get(`/api/v1/universes/${id}`, auth), 40403);
  });
});

describe('POST /api/v1/universes', () => {
  it('creates a private world with its forbidden words', async () => {
    const res = await post(
      '/api/v1/universes',
      newWorld({ forbidden_words: ['手机', '电脑'] }),
      auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: '新世界', share_status: 'private', entry_count: 0 });
    expect(res.body.forbidden_words.map((f: { word: string }) => f.word)).toEqual(['手机', '电脑']);
    expect(db.worlds.findFirst((q) => q.where({ id: res.body.id }))?.uid).toBe(AUTHOR_UID);
  });

  it('copies a shared world with its entries from the share id alone', async () => {
    const source = otherWorld();
    const res = await post('/api/v1/universes', { share_id: source.share_id }, auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: source.title, share_status: 'private' });
    expect(res.body.share_id).not.toBe(source.share_id);
    const count = db.entries.all().filter((e) => e.universe_id === source.id).length;
    expect(res.body.entry_count).toBe(count);
  });

  it('refuses to copy a private, banned, deleted or unknown share (40403)', async () => {
    const source = otherWorld();
    for (const change of [
      { share_status: 'private' },
      { share_status: 'banned' },
      { deleted: true },
    ] as const) {
      await db.worlds.update((q) => q.where({ id: source.id }), {
        data: (w) => void Object.assign(w, change),
      });
      expectError(await post('/api/v1/universes', { share_id: source.share_id }, auth), 40403);
      await db.worlds.update((q) => q.where({ id: source.id }), {
        data: (w) => void Object.assign(w, { share_status: 'square', deleted: false }),
      });
    }
    expectError(await post('/api/v1/universes', { share_id: 's_nope' }, auth), 40403);
  });

  it('answers 42200 for a body without the fields', async () => {
    expectError(await post('/api/v1/universes', { title: 'x' }, auth), 42200);
  });

  it('answers 42204 for a blank or too long title', async () => {
    expectError(await post('/api/v1/universes', newWorld({ title: '  ' }), auth), 42204);
    expectError(await post('/api/v1/universes', newWorld({ title: '长'.repeat(21) }), auth), 42204);
  });

  it('answers 42205 for a background over the server limit', async () => {
    const bg = '字'.repeat(SERVER_LIMITS.background + 1);
    expectError(await post('/api/v1/universes', newWorld({ background: bg }), auth), 42205);
  });

  it('answers 40301 for more than 20 forbidden words', async () => {
    const words = Array.from({ length: 21 }, (_, i) => `词${i}`);
    expectError(await post('/api/v1/universes', newWorld({ forbidden_words: words }), auth), 40301);
  });

  it('answers 42258 for a blank, long or repeated forbidden word', async () => {
    for (const words of [[' '], ['一二三四五六七八九十一'], ['手机', '手机']]) {
      expectError(
        await post('/api/v1/universes', newWorld({ forbidden_words: words }), auth),
        42258,
      );
    }
  });

  it('answers 42203, 42221 and 40312 for risky, sensitive and NSFW content', async () => {
    expectError(await post('/api/v1/universes', newWorld({ title: RISK_WORDS[0] }), auth), 42203);
    expectError(
      await post('/api/v1/universes', newWorld({ background: SENSITIVE_WORDS[0] }), auth),
      42221,
    );
    expectError(
      await post('/api/v1/universes', newWorld({ background: NSFW_WORDS[0] }), auth),
      40312,
    );
  });
});

describe('PATCH /api/v1/universes/{id}', () => {
  it('saves title and background', async () => {
    const res = await patch(
      `/api/v1/universes/${firstWorld().id}`,
      { title: '新名', background: '新背景' },
      auth,
    );
    expect(res.body).toMatchObject({ title: '新名', background: '新背景' });
  });

  it('answers every code of the editor', async () => {
    const path = `/api/v1/universes/${firstWorld().id}`;
    expectError(await patch(path, { title: '长'.repeat(21) }, auth), 42204);
    expectError(await patch(path, { background: 'x '.repeat(400) }, auth), 42205);
    expectError(await patch(path, { title: RISK_WORDS[1] }, auth), 42203);
    expectError(await patch(path, { background: SENSITIVE_WORDS[1] }, auth), 42221);
    expectError(await patch(path, { title: NSFW_WORDS[2] }, auth), 40312);
    expectError(await patch(path, { title: 3 }, auth), 42200);
    expectError(await patch(`/api/v1/universes/${otherWorld().id}`, { title: 'a' }, auth), 40403);
    expectError(await patch(path, { title: 'a' }), 40103, 401);
  });
});

describe('edits based on a version (40920)', () => {
  it('refuses a world edit based on an older version, answering the world as it is now', async () => {
    const path = `/api/v1/universes/${firstWorld().id}`;
    const base = firstWorld().updated_at;
    const first = await patch(path, { background: '一号标签页', base_updated_at: base }, auth);
    expect(first.status).toBe(200);
    // Within the same second the version still moves on.
    expect(first.body.updated_at).toBeGreaterThan(base);
    const second = await patch(path, { background: '二号标签页', base_updated_at: base }, auth);
    expectError(second, 40920);
    expect(second.body.content).toMatchObject({
      background: '一号标签页',
      updated_at: first.body.updated_at,
    });
    expect(firstWorld().background).toBe('一号标签页');
    // Based on the version now held, it saves; without a base it is not checked.
    const again = await patch(
      path,
      { background: '二号标签页', base_updated_at: first.body.updated_at },
      auth,
    );
    expect(again.body.background).toBe('二号标签页');
    expect((await patch(path, { title: '无基准' }, auth)).status).toBe(200);
    expectError(await patch(path, { title: 'x', base_updated_at: 'new' }, auth), 42200);
  });

  it('refuses an entry edit based on an older version, answering the entry as it is now', async () => {
    const created = await post(entriesPath(), entry(), auth);
    const path = `${entriesPath()}/${created.body.id}`;
    const base = created.body.updated_at as number;
    const first = await put(path, entry({ description: '甲', base_updated_at: base }), auth);
    expect(first.body.updated_at).toBeGreaterThan(base);
    const second = await put(path, entry({ description: '乙', base_updated_at: base }), auth);
    expectError(second, 40920);
    expect(second.body.content).toMatchObject({ id: created.body.id, description: '甲' });
    const next = entry({ description: '乙', base_updated_at: first.body.updated_at });
    expect((await put(path, next, auth)).body.description).toBe('乙');
  });
});

describe('DELETE /api/v1/universes', () => {
  it('deletes several worlds at once', async () => {
    const ids = myWorlds()
      .slice(0, 2)
      .map((w) => w.id);
    expect((await del('/api/v1/universes', { universe_ids: ids }, auth)).status).toBe(200);
    expect(myWorlds().some((w) => ids.includes(w.id))).toBe(false);
  });

  it("deletes nothing when one id is another user's (40403)", async () => {
    const before = myWorlds().length;
    expectError(
      await del('/api/v1/universes', { universe_ids: [firstWorld().id, otherWorld().id] }, auth),
      40403,
    );
    expect(myWorlds()).toHaveLength(before);
  });

  it('answers 42200 for an empty list', async () => {
    expectError(await del('/api/v1/universes', { universe_ids: [] }, auth), 42200);
  });
});

describe('share status', () => {
  it('lets the author change it, and refuses a banned world (40333)', async () => {
    const w = firstWorld();
    const res = await put(`/api/v1/universes/${w.id}/share_status`, { share_status: 'link' }, auth);
    expect(res.body.share_status).toBe('link');
    expectError(
      await put(`/api/v1/universes/${w.id}/share_status`, { share_status: 'banned' }, auth),
      42200,
    );
    expectError(
      await put(
        `/api/v1/universes/${otherWorld().id}/share_status`,
        { share_status: 'private' },
        auth,
      ),
      40403,
    );
    await db.worlds.update((q) => q.where({ id: w.id }), {
      data: (r) => void (r.share_status = 'banned'),
    });
    expectError(
      await put(`/api/v1/universes/${w.id}/share_status`, { share_status: 'square' }, auth),
      40333,
    );
  });
});

describe('forbidden words', () => {
  it('adds and removes a word', async () => {
    const w = firstWorld();
    const added = await post(`/api/v1/universes/${w.id}/forbidden_words`, { word: ' 飞机 ' }, auth);
    expect(added.body.word).toBe('飞机');
    expect(firstWorld().forbidden_words.map((f) => f.word)).toContain('飞机');
    await del(`/api/v1/universes/${w.id}/forbidden_words/${added.body.id}`, undefined, auth);
    expect(firstWorld().forbidden_words.map((f) => f.word)).not.toContain('飞机');
  });

  it('answers 40301 past 20 words, 42258 for a bad word, 42200 and 40403', async () => {
    const w = firstWorld();
    const path = `/api/v1/universes/${w.id}/forbidden_words`;
    expectError(await post(path, { word: w.forbidden_words[0]!.word }, auth), 42258);
    expectError(await post(path, { word: '一二三四五六七八九十一' }, auth), 42258);
    expectError(await post(path, {}, auth), 42200);
    expectError(
      await post(`/api/v1/universes/${otherWorld().id}/forbidden_words`, { word: 'a' }, auth),
      40403,
    );
    for (let i = w.forbidden_words.length; i < 20; i++)
      expect((await post(path, { word: `词${i}` }, auth)).status).toBe(200);
    expectError(await post(path, { word: '最后' }, auth), 40301);
  });
});

describe('entries', () => {
  it('lists with type, name, order and per_page', async () => {
    const w = firstWorld();
    const all = db.entries.all().filter((e) => e.universe_id === w.id);
    const characters = await get(`${entriesPath(w.id)}?type=character&per_page=2`, auth);
    expect(characters.body.total).toBe(all.filter((e) => e.type === 'character').length);
    expect(characters.body.data.length).toBeLessThanOrEqual(2);
    expect(characters.body.data.every((e: { type: string }) => e.type === 'character')).toBe(true);
    const name = all[0]!.name;
    const found = await get(
      `${entriesPath(w.id)}?name=${encodeURIComponent(name)}&order_by=name`,
      auth,
    );
    expect(found.body.data.map((e: { name: string }) => e.name)).toContain(name);
    expectError(await get(entriesPath(otherWorld().id), auth), 40403);
  });

  it('creates, reads, replaces and deletes a character', async () => {
    const created = await post(entriesPath(), entry(), auth);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: '林月',
      type: 'character',
      character_gender: null,
      is_recommended: true,
    });
    const path = `${entriesPath()}/${created.body.id}`;
    expect((await get(path, auth)).body.character_relationships).toHaveLength(1);
    const replaced = await put(
      path,
      entry({ name: '林月儿', character_gender: 'female', image: '/mock-oss/files/f1' }),
      auth,
    );
    expect(replaced.body).toMatchObject({
      name: '林月儿',
      character_gender: 'female',
      image: '/mock-oss/files/f1',
    });
    // Omitting the image keeps it.
    expect((await put(path, entry({ name: '林月儿' }), auth)).body.image).toBe(
      '/mock-oss/files/f1',
    );
    expect((await del(path, undefined, auth)).status).toBe(200);
    expectError(await get(path, auth), 40404);
    expectError(await put(path, entry(), auth), 40404);
    expectError(await del(path, undefined, auth), 40404);
  });

  it('drops character fields of a normal entry', async () => {
    const res = await post(entriesPath(), entry({ type: 'normal', name: 'Sword (old)' }), auth);
    expect(res.body).toMatchObject({
      type: 'normal',
      is_recommended: false,
      character_target: '',
      character_relationships: [],
    });
  });

  it('answers each code of the entry rules', async () => {
    const path = entriesPath();
    expectError(await post(path, entry({ name: '   ' }), auth), 42206);
    expectError(await post(path, entry({ name: '名'.repeat(21) }), auth), 42206);
    expectError(
      await post(path, entry({ type: 'normal', name: '', description: ' ' }), auth),
      42200,
    );
    expectError(
      await post(path, entry({ description: '字'.repeat(SERVER_LIMITS.description + 1) }), auth),
      42207,
    );
    expectError(await post(path, entry({ name: 'Lin_Yue' }), auth), 42256);
    expectError(await post(path, entry({ character_target: '远'.repeat(31) }), auth), 42257);
    const ten = Array.from({ length: 10 }, (_, i) => ({
      name: `角色${i}`,
      locked: false,
      relationships: [],
    }));
    expectError(await post(path, entry({ character_relationships: ten }), auth), 42259);
    expectError(
      await post(
        path,
        entry({ character_relationships: [{ name: '林月', locked: false, relationships: [] }] }),
        auth,
      ),
      42259,
    );
    expectError(await post(path, entry({ name: RISK_WORDS[0] }), auth), 42203);
    expectError(await post(path, entry({ description: SENSITIVE_WORDS[2] }), auth), 42221);
    expectError(await post(path, entry({ description: NSFW_WORDS[1] }), auth), 40312);
    expectError(await post(path, { name: 'x' }, auth), 42200);
    expectError(await post(entriesPath(otherWorld().id), entry(), auth), 40403);
    expectError(await post(path, entry()), 40103, 401);
  });
});

describe('GET /api/v1/share/universes/{shareId}', () => {
  it('shows a shared world and its recommended characters to anyone', async () => {
    const w = db.worlds.all().find((x) => x.share_status === 'square')!;
    await db.entries.update((q) => q.where({ universe_id: w.id, type: 'character' }), {
      data: (e) => {
        e.is_recommended = true;
        e.character_status = 'alive';
      },
    });
    const res = await get(`/api/v1/share/universes/${w.share_id}`);
    expect(res.status).toBe(200);
    expect(res.body.world.title).toBe(w.title);
    expect(res.body.author._id).toBe(w.uid);
    expect(res.body.characters.length).toBeGreaterThan(0);
    expect(res.body.characters.every((e: { is_recommended: boolean }) => e.is_recommended)).toBe(
      true,
    );
  });

  it('counts distinct supporters from the charges, as the share card does', async () => {
    const w = db.worlds.all().find((x) => x.share_status === 'square')!;
    const path = `/api/v1/share/universes/${w.share_id}`;
    const before = new Set(
      db.charges.findMany((q) => q.where({ share_id: w.share_id })).map((c) => c.uid),
    );
    expect((await get(path)).body.supporter_count).toBe(before.size);
    const charge = (id: string, uid: string) =>
      db.charges.create({ id, share_id: w.share_id, uid, amount: 100, message: '', created_at: 1 });
    await charge('ch_w1', 'u_fan_a');
    await charge('ch_w2', 'u_fan_a');
    await charge('ch_w3', 'u_fan_b');
    expect((await get(path)).body.supporter_count).toBe(before.size + 2);
  });

  it('leaves dead characters out of the recommended ones (they no longer appear)', async () => {
    const w = db.worlds.all().find((x) => x.share_status === 'square')!;
    const path = `/api/v1/share/universes/${w.share_id}`;
    const character = db.entries.findFirst((q) =>
      q.where({ universe_id: w.id, type: 'character' }),
    )!;
    const setStatus = (status: 'alive' | 'dead') =>
      db.entries.update((q) => q.where({ id: character.id }), {
        data: (e) => {
          e.is_recommended = true;
          e.character_status = status;
        },
      });
    const shownIds = async () =>
      (await get(path)).body.characters.map((e: { id: string }) => e.id) as string[];
    await setStatus('alive');
    expect(await shownIds()).toContain(character.id);
    await setStatus('dead');
    expect(await shownIds()).not.toContain(character.id);
  });

  it('answers 40330 private, 40333 banned, 40403 deleted or missing', async () => {
    const w = firstWorld();
    const path = `/api/v1/share/universes/${w.share_id}`;
    const set = (data: object) =>
      db.worlds.update((q) => q.where({ id: w.id }), { data: (r) => void Object.assign(r, data) });
    await set({ share_status: 'private' });
    expectError(await get(path), 40330);
    await set({ share_status: 'banned' });
    expectError(await get(path), 40333);
    await set({ share_status: 'square', deleted: true });
    expectError(await get(path), 40403);
    expectError(await get('/api/v1/share/universes/s_missing'), 40403);
  });
});
