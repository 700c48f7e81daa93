import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countText } from '@/rules/text-count';
import { clock } from '../clock';
import { db } from '../db';
import { seededNow } from '../testing';
import { recycleExpiring, storiesEmpty, storyBanned } from '../scenarios/stories';
import { AUTHOR_UID } from '../seed-ids';
import { PURGE_EVERY_MS, RECYCLE_RETENTION_DAYS, schedulePurge } from './stories';
import { type Auth, call, expectError, get, post, session } from './test-client';

const DAY_S = 86_400;
const patch = (path: string, body: unknown, auth?: Auth) => call('PATCH', path, { body, auth });
const put = (path: string, body: unknown, auth?: Auth) => call('PUT', path, { body, auth });
const del = (path: string, auth?: Auth) => call('DELETE', path, { auth });

const authorStories = () =>
  db.stories.all().filter((s) => s.uid === AUTHOR_UID && s.deleted_at === 0);
const trashed = () => db.stories.all().find((s) => s.uid === AUTHOR_UID && s.deleted_at > 0)!;
const otherStory = () => db.stories.all().find((s) => s.uid !== AUTHOR_UID)!;
const chaptersOf = (id: string) =>
  db.chapters
    .all()
    .filter((c) => c.story_id === id)
    .sort((a, b) => a.order - b.order);

/** The seed's now, as the reset moved the seed on to today (seed-time.ts). */
let SEED_NOW = 0;

let auth: Auth;
beforeEach(async () => {
  SEED_NOW = seededNow();
  clock.pin(SEED_NOW * 1000);
  auth = await session();
});

async function newStory(title = '新的故事') {
  const res = await post('/api/v1/stories', { title }, auth);
  expect(res.status).toBe(200);
  return res.body as { id: string; share_id: string };
}

async function newChapter(storyId: string, name = '第一章', content = '') {
  const res = await post(`/api/v1/stories/${storyId}/chapters`, { name }, auth);
  expect(res.status).toBe(200);
  if (content) {
    await db.chapters.update((q) => q.where({ id: res.body.id }), {
      data: (c) => void (c.content = content),
    });
  }
  return res.body as { id: string };
}

const LONG_BODY =
  '雨落了一整夜，她推开那扇斑驳的木门，一只白鹤掠过屋檐，落在了井边。天亮之前，我们必须离开。';

describe('GET /api/v1/stories', () => {
  it('lists my stories outside the recycle bin, newest update first, with counts', async () => {
    const res = await get('/api/v1/stories', auth);
    expect(res.status).toBe(200);
    const mine = authorStories().sort((a, b) => b.updated_at - a.updated_at);
    expect(res.body.data.map((s: { id: string }) => s.id)).toEqual(mine.map((s) => s.id));
    const first = res.body.data[0];
    const chapters = chaptersOf(first.id);
    expect(first.chapter_count).toBe(chapters.length);
    expect(first.word_count).toBe(chapters.reduce((n, c) => n + countText(c.content), 0));
    expect(res.body.paging).toEqual({ has_prev: false, has_next: false, next: null });
  });

  it('pages with page/per_page and links the next page', async () => {
    const res = await get('/api/v1/stories?page=1&per_page=2', auth);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.paging.has_next).toBe(true);
    expect(res.body.paging.next).toBe('/api/v1/stories?page=2&per_page=2');
    const next = await get(res.body.paging.next, auth);
    expect(next.body.data).toHaveLength(authorStories().length - 2);
  });

  it('40103 without a token', async () => {
    expectError(await get('/api/v1/stories'), 40103);
  });

  it('42200 on a bad page number', async () => {
    expectError(await get('/api/v1/stories?page=0', auth), 42200);
  });
});

describe('POST /api/v1/stories', () => {
  it('creates a private, unbound, empty story', async () => {
    const res = await post('/api/v1/stories', { title: '  雪夜  ' }, auth);
    expect(res.body).toMatchObject({
      title: '雪夜',
      chapter_count: 0,
      word_count: 0,
      share_status: 'private',
      universe: null,
    });
    expect(db.stories.findFirst((q) => q.where({ id: res.body.id }))?.uid).toBe(AUTHOR_UID);
  });

  it('42241 for a blank title, 42204 for one over 30, 42200 without one', async () => {
    expectError(await post('/api/v1/stories', { title: '   ' }, auth), 42241);
    expectError(await post('/api/v1/stories', { title: '长'.repeat(31) }, auth), 42204);
    expectError(await post('/api/v1/stories', {}, auth), 42200);
  });

  it('40103 without a token', async () => {
    expectError(await post('/api/v1/stories', { title: 'x' }), 40103);
  });
});

describe('GET/PATCH /api/v1/stories/{id}', () => {
  it('reads and renames my story', async () => {
    const { id } = await newStory();
    expect((await get(`/api/v1/stories/${id}`, auth)).body.title).toBe('新的故事');
    const res = await patch(`/api/v1/stories/${id}`, { title: '改名' }, auth);
    expect(res.body.title).toBe('改名');
  });

  it('40402 missing, 40330 not mine, 40418 in the recycle bin', async () => {
    expectError(await get('/api/v1/stories/n_nope', auth), 40402);
    expectError(await get(`/api/v1/stories/${otherStory().id}`, auth), 40330);
    expectError(await get(`/api/v1/stories/${trashed().id}`, auth), 40418);
    expectError(await patch(`/api/v1/stories/${trashed().id}`, { title: 'x' }, auth), 40418);
  });

  it('42241 / 42204 / 42200 on rename', async () => {
    const { id } = await newStory();
    expectError(await patch(`/api/v1/stories/${id}`, { title: '' }, auth), 42241);
    expectError(await patch(`/api/v1/stories/${id}`, { title: 'a '.repeat(31) }, auth), 42204);
    expectError(await patch(`/api/v1/stories/${id}`, { name: 'x' }, auth), 42200);
  });
});

describe('recycle bin', () => {
  it('delete moves a story into the bin with 30 days left; recover brings it back', async () => {
    const { id } = await newStory();
    const res = await del(`/api/v1/stories/${id}`, auth);
    expect(res.body).toMatchObject({ id, remaining_days: RECYCLE_RETENTION_DAYS });
    expect(res.body.purge_at).toBe(SEED_NOW + RECYCLE_RETENTION_DAYS * DAY_S);
    const bin = await get('/api/v1/stories/recycle', auth);
    expect(bin.body.data[0].id).toBe(id);
    expect(
      (await get('/api/v1/stories', auth)).body.data.map((s: { id: string }) => s.id),
    ).not.toContain(id);

    const back = await post(`/api/v1/stories/${id}/recover`, undefined, auth);
    expect(back.status).toBe(200);
    expect(
      (await get('/api/v1/stories', auth)).body.data.map((s: { id: string }) => s.id),
    ).toContain(id);
  });

  it('counts remaining days down with the clock and purges expired stories on read', async () => {
    const t = trashed();
    const chapterIds = chaptersOf(t.id).map((c) => c.id);
    const left = Math.ceil((t.deleted_at + RECYCLE_RETENTION_DAYS * DAY_S - SEED_NOW) / DAY_S);
    let bin = await get('/api/v1/stories/recycle', auth);
    expect(bin.body.data.find((s: { id: string }) => s.id === t.id).remaining_days).toBe(left);
    clock.shift((left - 1) * DAY_S * 1000);
    // A fresh token: the first one has expired by now.
    auth = await session();
    bin = await get('/api/v1/stories/recycle', auth);
    expect(bin.body.data.find((s: { id: string }) => s.id === t.id).remaining_days).toBe(1);
    clock.shift(DAY_S * 1000);
    auth = await session();
    bin = await get('/api/v1/stories/recycle', auth);
    expect(bin.body.data.map((s: { id: string }) => s.id)).not.toContain(t.id);
    expect(db.stories.findFirst((q) => q.where({ id: t.id }))).toBeUndefined();
    expect(db.chapters.all().filter((c) => chapterIds.includes(c.id))).toEqual([]);
  });

  describe('scheduled purge', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('removes expired stories on schedule, with no request, and saves only when it removed one', () => {
      vi.useFakeTimers();
      const t = trashed();
      const chapterIds = chaptersOf(t.id).map((c) => c.id);
      const left = Math.ceil((t.deleted_at + RECYCLE_RETENTION_DAYS * DAY_S - SEED_NOW) / DAY_S);
      let saves = 0;
      const stop = schedulePurge(() => saves++);
      // Nothing has expired yet: the first purge keeps the story and saves nothing.
      expect(db.stories.findFirst((q) => q.where({ id: t.id }))).toBeDefined();
      expect(saves).toBe(0);

      clock.shift(left * DAY_S * 1000);
      expect(db.stories.findFirst((q) => q.where({ id: t.id }))).toBeDefined();
      vi.advanceTimersByTime(PURGE_EVERY_MS);
      expect(db.stories.findFirst((q) => q.where({ id: t.id }))).toBeUndefined();
      expect(db.chapters.all().filter((c) => chapterIds.includes(c.id))).toEqual([]);
      expect(saves).toBe(1);

      stop();
      vi.advanceTimersByTime(PURGE_EVERY_MS * 3);
      expect(saves).toBe(1);
    });

    it('purges at once what expired while the demo was closed', () => {
      vi.useFakeTimers();
      const t = trashed();
      clock.shift((RECYCLE_RETENTION_DAYS + 1) * DAY_S * 1000);
      let saves = 0;
      const stop = schedulePurge(() => saves++);
      expect(db.stories.findFirst((q) => q.where({ id: t.id }))).toBeUndefined();
      expect(saves).toBe(1);
      stop();
    });
  });

  it('purge deletes a story and its chapters for good', async () => {
    const t = trashed();
    const res = await del(`/api/v1/stories/${t.id}/purge`, auth);
    expect(res.status).toBe(200);
    expect(db.stories.findFirst((q) => q.where({ id: t.id }))).toBeUndefined();
    expect(chaptersOf(t.id)).toEqual([]);
  });

  it('codes: 40418 deleting twice, 40402 recovering or purging a live or missing story, 40330', async () => {
    expectError(await del(`/api/v1/stories/${trashed().id}`, auth), 40418);
    expectError(await del('/api/v1/stories/n_nope', auth), 40402);
    expectError(await del(`/api/v1/stories/${otherStory().id}`, auth), 40330);
    const live = authorStories()[0]!;
    expectError(await post(`/api/v1/stories/${live.id}/recover`, undefined, auth), 40402);
    expectError(await del(`/api/v1/stories/${live.id}/purge`, auth), 40402);
    expectError(await post(`/api/v1/stories/${otherStory().id}/recover`, undefined, auth), 40330);
    expectError(await del(`/api/v1/stories/${otherStory().id}/purge`, auth), 40330);
    expectError(await get('/api/v1/stories/recycle'), 40103);
  });
});

describe('chapters', () => {
  it('adds chapters at the end and lists them in order without bodies', async () => {
    const { id } = await newStory();
    await newChapter(id, '一');
    await newChapter(id, '二', LONG_BODY);
    const res = await get(`/api/v1/stories/${id}/chapters`, auth);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['一', '二']);
    expect(res.body.data[1]).toMatchObject({
      order: 1,
      published: false,
      word_count: countText(LONG_BODY),
    });
    expect(res.body.data[1].content).toBeUndefined();
  });

  it('42241 / 42204 / 42200 / 40402 / 40330 / 40418 on create', async () => {
    const { id } = await newStory();
    expectError(await post(`/api/v1/stories/${id}/chapters`, { name: ' ' }, auth), 42241);
    expectError(
      await post(`/api/v1/stories/${id}/chapters`, { name: '章'.repeat(31) }, auth),
      42204,
    );
    expectError(await post(`/api/v1/stories/${id}/chapters`, {}, auth), 42200);
    expectError(await post('/api/v1/stories/n_nope/chapters', { name: 'x' }, auth), 40402);
    expectError(
      await post(`/api/v1/stories/${otherStory().id}/chapters`, { name: 'x' }, auth),
      40330,
    );
    expectError(await post(`/api/v1/stories/${trashed().id}/chapters`, { name: 'x' }, auth), 40418);
    expectError(await get(`/api/v1/stories/${trashed().id}/chapters`, auth), 40418);
  });

  it('moves a chapter and renumbers the others', async () => {
    const { id } = await newStory();
    const a = await newChapter(id, 'A');
    await newChapter(id, 'B');
    await newChapter(id, 'C');
    const res = await patch(`/api/v1/stories/${id}/chapters/${a.id}/meta`, { order: 2 }, auth);
    expect(res.body.order).toBe(2);
    expect(chaptersOf(id).map((c) => [c.name, c.order])).toEqual([
      ['B', 0],
      ['C', 1],
      ['A', 2],
    ]);
    expectError(
      await patch(`/api/v1/stories/${id}/chapters/${a.id}/meta`, { order: 3 }, auth),
      42200,
    );
    expectError(await patch(`/api/v1/stories/${id}/chapters/${a.id}/meta`, {}, auth), 42200);
  });

  it('publishes only with a name and a body over 30 (42241, 42242, 42248), unpublishes freely', async () => {
    const { id } = await newStory();
    const empty = await newChapter(id, '空');
    const short = await newChapter(id, '短', '只有一句话。');
    const long = await newChapter(id, '长', LONG_BODY);
    const meta = (cid: string) => `/api/v1/stories/${id}/chapters/${cid}/meta`;
    expectError(await patch(meta(empty.id), { published: true }, auth), 42242);
    expectError(await patch(meta(short.id), { published: true }, auth), 42248);
    expectError(await patch(meta(long.id), { published: true, name: ' ' }, auth), 42241);
    expectError(await patch(meta(long.id), { name: '名'.repeat(31) }, auth), 42204);
    expect(chaptersOf(id).every((c) => !c.published)).toBe(true);
    expect((await patch(meta(long.id), { published: true }, auth)).body.published).toBe(true);
    expect((await patch(meta(long.id), { published: false }, auth)).body.published).toBe(false);
  });

  it('30 counted characters is not enough; 31 is', async () => {
    const { id } = await newStory();
    const c30 = await newChapter(id, '三十', '字'.repeat(30));
    const c31 = await newChapter(id, '三十一', '字'.repeat(31));
    expectError(
      await patch(`/api/v1/stories/${id}/chapters/${c30.id}/meta`, { published: true }, auth),
      42248,
    );
    const res = await patch(
      `/api/v1/stories/${id}/chapters/${c31.id}/meta`,
      { published: true },
      auth,
    );
    expect(res.status).toBe(200);
  });

  it('40418 for a chapter of another story, 40330 for another author', async () => {
    const { id } = await newStory();
    const foreign = chaptersOf(otherStory().id)[0]!;
    expectError(
      await patch(`/api/v1/stories/${id}/chapters/${foreign.id}/meta`, { name: 'x' }, auth),
      40418,
    );
    expectError(
      await patch(
        `/api/v1/stories/${otherStory().id}/chapters/${foreign.id}/meta`,
        { name: 'x' },
        auth,
      ),
      40330,
    );
    expectError(
      await patch(`/api/v1/stories/n_nope/chapters/${foreign.id}/meta`, { name: 'x' }, auth),
      40402,
    );
  });
});

describe('share status', () => {
  it('the author moves it between square, link and private; 42223 when already shared so', async () => {
    const { id } = await newStory();
    const url = `/api/v1/stories/${id}/share`;
    expect((await put(url, { share_status: 'square' }, auth)).body.share_status).toBe('square');
    expectError(await put(url, { share_status: 'square' }, auth), 42223);
    expect((await put(url, { share_status: 'link' }, auth)).body.share_status).toBe('link');
    expectError(await put(url, { share_status: 'link' }, auth), 42223);
    expect((await put(url, { share_status: 'private' }, auth)).body.share_status).toBe('private');
    expectError(await put(url, { share_status: 'banned' }, auth), 42200);
  });

  it('40330 for a banned story or another author; 40402 / 40418', async () => {
    const { id } = await newStory();
    await db.stories.update((q) => q.where({ id }), {
      data: (s) => void (s.share_status = 'banned'),
    });
    expectError(await put(`/api/v1/stories/${id}/share`, { share_status: 'private' }, auth), 40330);
    expectError(
      await put(`/api/v1/stories/${otherStory().id}/share`, { share_status: 'link' }, auth),
      40330,
    );
    expectError(await put('/api/v1/stories/n_nope/share', { share_status: 'link' }, auth), 40402);
    expectError(
      await put(`/api/v1/stories/${trashed().id}/share`, { share_status: 'link' }, auth),
      40418,
    );
  });
});

describe('POST /v2/novel/{novelId}/preset_universe', () => {
  const myWorld = () => db.worlds.all().find((w) => w.uid === AUTHOR_UID && !w.deleted)!;

  it('binds one of my worlds and unbinds with null', async () => {
    const { id } = await newStory();
    const w = myWorld();
    const res = await post(`/v2/novel/${id}/preset_universe`, { value: w.id }, auth);
    expect(res.body.universe).toEqual({ id: w.id, title: w.title });
    const un = await post(`/v2/novel/${id}/preset_universe`, { value: null }, auth);
    expect(un.body.universe).toBeNull();
  });

  it('40403 missing world, 40330 another author’s world or story, 42200, 40402, 40418', async () => {
    const { id } = await newStory();
    const foreignWorld = db.worlds.all().find((w) => w.uid !== AUTHOR_UID)!;
    expectError(await post(`/v2/novel/${id}/preset_universe`, { value: 'w_nope' }, auth), 40403);
    expectError(
      await post(`/v2/novel/${id}/preset_universe`, { value: foreignWorld.id }, auth),
      40330,
    );
    expectError(
      await post(`/v2/novel/${otherStory().id}/preset_universe`, { value: null }, auth),
      40330,
    );
    expectError(await post(`/v2/novel/${id}/preset_universe`, {}, auth), 42200);
    expectError(await post('/v2/novel/n_nope/preset_universe', { value: null }, auth), 40402);
    expectError(
      await post(`/v2/novel/${trashed().id}/preset_universe`, { value: null }, auth),
      40418,
    );
    expectError(await post(`/v2/novel/${id}/preset_universe`, { value: null }), 40103);
  });

  it('lists my worlds for binding', async () => {
    const res = await get('/api/v1/stories/bindable_worlds', auth);
    const mine = db.worlds.all().filter((w) => w.uid === AUTHOR_UID && !w.deleted);
    expect(res.body.data.map((w: { id: string }) => w.id).sort()).toEqual(
      mine.map((w) => w.id).sort(),
    );
  });
});

describe('GET /api/v1/stories/{id}/export', () => {
  it('answers the title and every chapter with its body, or one chapter', async () => {
    const { id } = await newStory('导出');
    const a = await newChapter(id, 'A', LONG_BODY);
    await newChapter(id, 'B', '第二章');
    const all = await get(`/api/v1/stories/${id}/export`, auth);
    expect(all.body).toEqual({
      title: '导出',
      chapters: [
        { name: 'A', content: LONG_BODY },
        { name: 'B', content: '第二章' },
      ],
    });
    const one = await get(`/api/v1/stories/${id}/export?chapter_id=${a.id}`, auth);
    expect(one.body.chapters).toEqual([{ name: 'A', content: LONG_BODY }]);
    expectError(await get(`/api/v1/stories/${id}/export?chapter_id=c_nope`, auth), 40418);
    expectError(await get(`/api/v1/stories/${otherStory().id}/export`, auth), 40330);
    expectError(await get('/api/v1/stories/n_nope/export', auth), 40402);
  });
});

describe('GET /api/v1/share/stories/{shareid}', () => {
  it('shows a square story to anyone, with only published chapters', async () => {
    const s = otherStory();
    const res = await get(`/api/v1/share/stories/${s.share_id}`);
    expect(res.status).toBe(200);
    const published = chaptersOf(s.id).filter((c) => c.published);
    expect(res.body.chapters.map((c: { id: string }) => c.id)).toEqual(published.map((c) => c.id));
    expect(res.body.is_author).toBe(false);
  });

  it("gives the story's cover, as its share card does: its own, else its bound world's, else empty", async () => {
    const seeded = db.stories.all().find((x) => x.share_status === 'square' && x.cover);
    expect(seeded).toBeDefined();
    expect((await get(`/api/v1/share/stories/${seeded!.share_id}`)).body.cover).toBe(seeded!.cover);

    const { id, share_id } = await newStory();
    await put(`/api/v1/stories/${id}/share`, { share_status: 'link' }, auth);
    await db.stories.update((q) => q.where({ id }), { data: (x) => void (x.cover = '') });
    expect((await get(`/api/v1/share/stories/${share_id}`)).body.cover).toBe('');
    const world = db.worlds.all().find((w) => !w.deleted && w.cover)!;
    await db.stories.update((q) => q.where({ id }), {
      data: (x) => void (x.universe_id = world.id),
    });
    expect((await get(`/api/v1/share/stories/${share_id}`)).body.cover).toBe(world.cover);
  });

  it('counts distinct supporters from the charges, as the share card does', async () => {
    const { id, share_id } = await newStory();
    await put(`/api/v1/stories/${id}/share`, { share_status: 'link' }, auth);
    const charge = (id: string, uid: string) =>
      db.charges.create({ id, share_id, uid, amount: 100, message: '', created_at: 1 });
    expect((await get(`/api/v1/share/stories/${share_id}`)).body.supporter_count).toBe(0);
    await charge('ch_t1', 'u_fan_a');
    await charge('ch_t2', 'u_fan_a');
    await charge('ch_t3', 'u_fan_b');
    expect((await get(`/api/v1/share/stories/${share_id}`)).body.supporter_count).toBe(2);
    const seeded = otherStory();
    const seededSupporters = new Set(
      db.charges.findMany((q) => q.where({ share_id: seeded.share_id })).map((c) => c.uid),
    ).size;
    expect((await get(`/api/v1/share/stories/${seeded.share_id}`)).body.supporter_count).toBe(
      seededSupporters,
    );
  });

  it('40330 for a private or banned story (except for its author), 40402 unknown, 40418', async () => {
    const { id, share_id } = await newStory();
    // Spec 1 §2: a user without rights to a story gets the no-permission message.
    expectError(await get(`/api/v1/share/stories/${share_id}`), 40330);
    const own = await get(`/api/v1/share/stories/${share_id}`, auth);
    expect(own.body).toMatchObject({ is_author: true, share_status: 'private' });
    await put(`/api/v1/stories/${id}/share`, { share_status: 'link' }, auth);
    expect((await get(`/api/v1/share/stories/${share_id}`)).status).toBe(200);
    await db.stories.update((q) => q.where({ id }), {
      data: (s) => void (s.share_status = 'banned'),
    });
    expectError(await get(`/api/v1/share/stories/${share_id}`), 40330);
    expectError(await get('/api/v1/share/stories/s_nope'), 40402);
    await del(`/api/v1/stories/${id}`, auth);
    expectError(await get(`/api/v1/share/stories/${share_id}`, auth), 40418);
  });
});

describe('stories scenarios', () => {
  it('stories-empty leaves the author without stories or recycled ones', async () => {
    await storiesEmpty();
    expect((await get('/api/v1/stories', auth)).body.data).toEqual([]);
    expect((await get('/api/v1/stories/recycle', auth)).body.data).toEqual([]);
  });

  it('recycle-expiring leaves one day; a day later the bin is purged on read', async () => {
    await recycleExpiring();
    const bin = await get('/api/v1/stories/recycle', auth);
    expect(bin.body.data.length).toBeGreaterThan(0);
    expect(bin.body.data.every((s: { remaining_days: number }) => s.remaining_days === 1)).toBe(
      true,
    );
    clock.shift(DAY_S * 1000);
    auth = await session();
    expect((await get('/api/v1/stories/recycle', auth)).body.data).toEqual([]);
  });

  it('story-banned bans the newest story: its status cannot change', async () => {
    await storyBanned();
    const [newest] = (await get('/api/v1/stories', auth)).body.data;
    expect(newest.share_status).toBe('banned');
    expectError(
      await put(`/api/v1/stories/${newest.id}/share`, { share_status: 'link' }, auth),
      40330,
    );
  });
});

describe("another user's private story answers exactly as a missing one", () => {
  /** What the caller can see of an answer: its status and its whole body. */
  const seen = (a: { status: number; body: unknown }) => ({ status: a.status, body: a.body });

  /** A story of another user, never shared, with a chapter; and a session of that user. */
  async function othersPrivateStory() {
    const other = db.users.all().find((u) => u.uid !== AUTHOR_UID)!;
    const theirs = await session(other.uid);
    const story = (await post('/api/v1/stories', { title: '私密' }, theirs)).body;
    const chapter = (await post(`/api/v1/stories/${story.id}/chapters`, { name: '一' }, theirs))
      .body;
    expect(story.share_status).toBe('private');
    return { theirs, id: story.id as string, shareId: story.share_id as string, chapter };
  }

  it('every operation on a story id: same status, error_code and message as an unknown id', async () => {
    const { id } = await othersPrivateStory();
    const calls: Array<(story: string) => Promise<{ status: number; body: unknown }>> = [
      (s) => get(`/api/v1/stories/${s}`, auth),
      (s) => patch(`/api/v1/stories/${s}`, { title: '改名' }, auth),
      (s) => del(`/api/v1/stories/${s}`, auth),
      (s) => post(`/api/v1/stories/${s}/recover`, undefined, auth),
      (s) => del(`/api/v1/stories/${s}/purge`, auth),
      (s) => put(`/api/v1/stories/${s}/share`, { share_status: 'link' }, auth),
      (s) => get(`/api/v1/stories/${s}/export`, auth),
      (s) => get(`/api/v1/stories/${s}/chapters`, auth),
      (s) => post(`/api/v1/stories/${s}/chapters`, { name: '二' }, auth),
      (s) =>
        call('PATCH', `/api/v1/stories/${s}/chapters/c_x/meta`, { body: { name: '三' }, auth }),
      (s) => post(`/v2/novel/${s}/preset_universe`, { value: null }, auth),
    ];
    for (const op of calls) {
      const missing = seen(await op('n_nope'));
      expect(missing.status).toBe(404);
      expect(seen(await op(id))).toEqual(missing);
    }
  });

  it('also once it is in the recycle bin', async () => {
    const { theirs, id } = await othersPrivateStory();
    await del(`/api/v1/stories/${id}`, theirs);
    expect(seen(await get(`/api/v1/stories/${id}`, auth))).toEqual(
      seen(await get('/api/v1/stories/n_nope', auth)),
    );
    expect(seen(await post(`/api/v1/stories/${id}/recover`, undefined, auth))).toEqual(
      seen(await post('/api/v1/stories/n_nope/recover', undefined, auth)),
    );
  });

  it("its share link says no permission (the spec's message), never more: not its id or contents", async () => {
    const { theirs, id, shareId } = await othersPrivateStory();
    // Spec 1 §2: the page of a story a user has no rights to says so (40330), logged out or in;
    // the answer carries nothing of the story.
    for (const who of [undefined, auth]) {
      const res = await get(`/api/v1/share/stories/${shareId}`, who);
      expectError(res, 40330);
      expect(JSON.stringify(res.body)).not.toContain(id);
    }
    // Shared, then private again: the link stops showing it.
    await put(`/api/v1/stories/${id}/share`, { share_status: 'link' }, theirs);
    expect((await get(`/api/v1/share/stories/${shareId}`)).status).toBe(200);
    await put(`/api/v1/stories/${id}/share`, { share_status: 'private' }, theirs);
    expectError(await get(`/api/v1/share/stories/${shareId}`), 40330);
    // Deleted: deleted, to everyone.
    await del(`/api/v1/stories/${id}`, theirs);
    expectError(await get(`/api/v1/share/stories/${shareId}`), 40418);
    expectError(await get(`/api/v1/share/stories/${shareId}`, theirs), 40418);
  });

  it('a shared story stays the author’s alone: 40330 to another user', async () => {
    const { theirs, id } = await othersPrivateStory();
    await put(`/api/v1/stories/${id}/share`, { share_status: 'square' }, theirs);
    expectError(await get(`/api/v1/stories/${id}`, auth), 40330);
    expectError(await patch(`/api/v1/stories/${id}`, { title: '改名' }, auth), 40330);
  });

  it('binding another user’s private world answers as a missing world', async () => {
    const { id } = await newStory();
    const world = db.worlds.all().find((w) => w.uid !== AUTHOR_UID && !w.deleted)!;
    await db.worlds.update((q) => q.where({ id: world.id }), {
      data: (w) => void (w.share_status = 'private'),
    });
    expect(seen(await post(`/v2/novel/${id}/preset_universe`, { value: world.id }, auth))).toEqual(
      seen(await post(`/v2/novel/${id}/preset_universe`, { value: 'w_nope' }, auth)),
    );
  });
});
