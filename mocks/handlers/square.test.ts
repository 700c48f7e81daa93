import { describe, expect, it } from 'vitest';
import { clock } from '../clock';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import { encodeCursor } from './share-cards';
import { ORIGIN, call, expectError, get, session } from './test-client';

type Card = {
  share_id: string;
  kind: 'story' | 'universe';
  shared_at: number;
  view_count: number;
  supporter_count: number;
  cover: string;
  author: { _id: string; is_official: boolean };
  title: string;
};

const ids = (cards: Card[]) => cards.map((c) => c.share_id);

/** Every card of a list, following the next links (limit=None removed as the client does). */
async function all(path: string): Promise<Card[]> {
  const out: Card[] = [];
  let next: string | null = path;
  while (next) {
    const res = await get(next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.data);
    next = res.body.paging.next?.replace('&limit=None', '') ?? null;
  }
  return out;
}

describe('GET /api/v1/square/shares', () => {
  it('latest: square shares only, newest share first, both kinds, with covers', async () => {
    const cards = await all('/api/v1/square/shares?tab=latest&limit=50');
    expect(cards.length).toBeGreaterThanOrEqual(200);
    const times = cards.map((c) => c.shared_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(cards.map((c) => c.kind))).toEqual(new Set(['story', 'universe']));
    expect(cards.filter((c) => c.cover).length / cards.length).toBeGreaterThan(0.85);
    expect(new Set(ids(cards)).size).toBe(cards.length);
    const squareIds = new Set(
      [...db.stories.all(), ...db.worlds.all()]
        .filter((r) => r.share_status === 'square')
        .map((r) => r.share_id),
    );
    for (const c of cards) expect(squareIds.has(c.share_id)).toBe(true);
  });

  it('leaves out link, private, banned and deleted shares and stories without a published chapter', async () => {
    const [a, b, c, d] = db.stories.all().filter((s) => s.share_status === 'square');
    await db.stories.update(a!, { data: (s) => void (s.share_status = 'link') });
    await db.stories.update(b!, { data: (s) => void (s.share_status = 'banned') });
    await db.stories.update(c!, { data: (s) => void (s.deleted_at = clock.nowS()) });
    await db.chapters.updateMany((q) => q.where({ story_id: d!.id }), {
      data: (ch) => void (ch.published = false),
    });
    const world = db.worlds.all().find((w) => w.share_status === 'square')!;
    await db.worlds.update(world, { data: (w) => void (w.deleted = true) });
    const cards = ids(await all('/api/v1/square/shares?tab=latest&limit=50'));
    for (const gone of [a, b, c, d]) expect(cards).not.toContain(gone!.share_id);
    expect(cards).not.toContain(world.share_id);
  });

  it('recommend: ranked by engagement, so views and supporters lift a share', async () => {
    const first = await get('/api/v1/square/shares?tab=recommend&kind=story&limit=5');
    expect(first.status).toBe(200);
    const latest = await all('/api/v1/square/shares?tab=latest&kind=story&limit=50');
    const quiet = latest[latest.length - 1]!;
    expect(ids(first.body.data)).not.toContain(quiet.share_id);
    await db.stories.update((q) => q.where({ share_id: quiet.share_id }), {
      data: (s) => {
        s.view_count = 1_000_000;
        s.shared_at = clock.nowS();
      },
    });
    for (let i = 0; i < 3; i++)
      await db.charges.create({
        id: `ch_t${i}`,
        share_id: quiet.share_id,
        uid: `u_t${i}`,
        amount: 100,
        message: '',
        created_at: clock.nowS(),
      });
    const after = await get('/api/v1/square/shares?tab=recommend&kind=story&limit=5');
    expect(after.body.data[0]).toMatchObject({
      share_id: quiet.share_id,
      view_count: 1_000_000,
      supporter_count: 3,
    });
  });

  it('filters by kind and pages with the cursor link', async () => {
    const first = await get('/api/v1/square/shares?tab=recommend&kind=universe');
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data.every((c: Card) => c.kind === 'universe')).toBe(true);
    expect(first.body.paging).toEqual({
      has_prev: true,
      has_next: true,
      next: `/api/v1/square/shares?tab=recommend&kind=universe&cursor=${encodeURIComponent(encodeCursor(20))}&limit=None`,
    });
    const second = await get(first.body.paging.next.replace('&limit=None', ''));
    expect(second.status).toBe(200);
    for (const id of ids(second.body.data)) expect(ids(first.body.data)).not.toContain(id);
  });

  it('is public, and refuses a missing or unknown tab, an unknown kind and bad paging (42200)', async () => {
    for (const query of [
      '',
      '?tab=hot',
      '?tab=latest&kind=novel',
      '?tab=latest&limit=None',
      '?tab=latest&limit=0',
      '?tab=latest&limit=51',
      '?tab=latest&cursor=bad!',
    ])
      expectError(await get(`/api/v1/square/shares${query}`), 42200);
  });
});

describe('GET /api/v1/square/{id}/universes/characters', () => {
  const world = () =>
    db.worlds
      .all()
      .find(
        (w) =>
          w.share_status === 'square' &&
          db.entries
            .all()
            .filter((e) => e.universe_id === w.id && e.is_recommended && e.type === 'character')
            .length >= 2,
      )!;

  it("lists the world's recommended characters, alive first, with the world and author", async () => {
    const w = world();
    const recommended = db.entries
      .all()
      .filter((e) => e.universe_id === w.id && e.type === 'character' && e.is_recommended);
    await db.entries.update(recommended[0]!, { data: (e) => void (e.character_status = 'dead') });
    const res = await get(`/api/v1/square/${w.share_id}/universes/characters`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(recommended.length);
    expect(res.body.data.at(-1).character_status).toBe('dead');
    expect(res.body.data[0].universe).toMatchObject({ share_id: w.share_id, title: w.title });
    expect(res.body.data[0].universe.author._id).toBe(w.uid);
  });

  it('pages by page and per_page', async () => {
    const w = world();
    const res = await get(`/api/v1/square/${w.share_id}/universes/characters?page=1&per_page=1`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.paging.has_next).toBe(true);
    expect(res.body.paging.next).toContain('page=2');
    const next = await get(res.body.paging.next);
    expect(next.body.data[0].id).not.toBe(res.body.data[0].id);
  });

  it('answers 40403 for a missing, private or banned world, and 42200 for bad paging', async () => {
    expectError(await get('/api/v1/square/s_nothing/universes/characters'), 40403);
    const priv = db.worlds.all().find((w) => w.share_status === 'private')!;
    expectError(await get(`/api/v1/square/${priv.share_id}/universes/characters`), 40403);
    const w = world();
    await db.worlds.update(w, { data: (x) => void (x.share_status = 'banned') });
    expectError(await get(`/api/v1/square/${w.share_id}/universes/characters`), 40403);
    const ok = db.worlds.all().find((x) => x.share_status === 'square')!;
    for (const q of ['page=0', 'per_page=51', 'page=x'])
      expectError(await get(`/api/v1/square/${ok.share_id}/universes/characters?${q}`), 42200);
  });
});

describe('GET /api/v1/square/characters', () => {
  it('gathers one or two living recommended characters per world, most engaging worlds first', async () => {
    const res = await get('/api/v1/square/characters?limit=12');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(12);
    const perWorld = new Map<string, number>();
    for (const c of res.body.data) {
      expect(c.character_status).toBe('alive');
      perWorld.set(c.universe.share_id, (perWorld.get(c.universe.share_id) ?? 0) + 1);
    }
    for (const n of perWorld.values()) expect(n).toBeLessThanOrEqual(2);
    expect(res.body.paging).toEqual({ has_prev: false, has_next: false, next: null });
  });

  it('refuses a bad limit (42200)', async () => {
    expectError(await get('/api/v1/square/characters?limit=None'), 42200);
  });
});

describe('search', () => {
  it('finds square shares by title, case-insensitively, and worlds by background', async () => {
    const auth = await session();
    const story = db.stories
      .all()
      .find((s) => s.share_status === 'square' && /[A-Za-z]/.test(s.title))!;
    const word = story.title
      .split(' ')
      .find((w) => w.length > 3)!
      .toUpperCase();
    const res = await get(
      `/api/v1/search/shares?keyword=${encodeURIComponent(`  ${word} `)}&kind=story`,
      auth,
    );
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toContain(story.share_id);
    for (const c of res.body.data) expect(c.title.toUpperCase()).toContain(word);

    const world = db.worlds.all().find((w) => w.share_status === 'square')!;
    await db.worlds.update(world, {
      data: (w) => void (w.background = '远古的独角鲸守护着这片海'),
    });
    const byBackground = await get(
      `/api/v1/search/shares?keyword=${encodeURIComponent('独角鲸')}&kind=universe`,
      auth,
    );
    expect(ids(byBackground.body.data)).toEqual([world.share_id]);
  });

  it('finds authors by nickname with the viewer relation', async () => {
    const auth = await session();
    const res = await get(`/api/v1/search/users?keyword=${encodeURIComponent('墨境')}`, auth);
    expect(res.status).toBe(200);
    expect(res.body.data[0].user).toMatchObject({ _id: 'u_official', is_official: true });
    expect(res.body.data[0].following.is_following).toBe(true);
  });

  it('answers 40103, 42200, 42263 and 42264', async () => {
    const auth = await session();
    expectError(await get('/api/v1/search/shares?keyword=a&kind=story'), 40103, 401);
    expectError(await get('/api/v1/search/users?keyword=a'), 40103, 401);
    expectError(await get('/api/v1/search/shares?kind=story', auth), 42200);
    expectError(await get('/api/v1/search/shares?keyword=a', auth), 42200);
    expectError(await get('/api/v1/search/users', auth), 42200);
    expectError(await get('/api/v1/search/users?keyword=a&limit=None', auth), 42200);
    expectError(await get('/api/v1/search/shares?keyword=%20%20&kind=story', auth), 42263);
    expectError(await get('/api/v1/search/users?keyword=', auth), 42200);
    expectError(await get('/api/v1/search/users?keyword=%20', auth), 42263);
    // 30 Chinese characters count 30; one more is too long. English words count one each.
    const ok = await get(
      `/api/v1/search/users?keyword=${encodeURIComponent('字'.repeat(30))}`,
      auth,
    );
    expect(ok.status).toBe(200);
    expectError(
      await get(`/api/v1/search/users?keyword=${encodeURIComponent('字'.repeat(31))}`, auth),
      42264,
    );
    expectError(
      await get(
        `/api/v1/search/shares?keyword=${encodeURIComponent('字'.repeat(31))}&kind=universe`,
        auth,
      ),
      42264,
    );
    const words = await get(
      `/api/v1/search/users?keyword=${encodeURIComponent('abcdefghij '.repeat(20).trim())}`,
      auth,
    );
    expect(words.status).toBe(200);
  });
});

describe('share views and covers', () => {
  it('counts a public view of a story or world by anyone but the author', async () => {
    const story = db.stories
      .all()
      .find((s) => s.share_status === 'square' && s.uid === AUTHOR_UID)!;
    const before = story.view_count ?? 0;
    await get(`/api/v1/share/stories/${story.share_id}`);
    await get(`/api/v1/share/stories/${story.share_id}`, await session());
    expect(db.stories.findFirst((q) => q.where({ id: story.id }))!.view_count).toBe(before + 1);
    const world = db.worlds.all().find((w) => w.share_status === 'square' && w.uid !== AUTHOR_UID)!;
    await get(`/api/v1/share/universes/${world.share_id}`, await session());
    expect(db.worlds.findFirst((q) => q.where({ id: world.id }))!.view_count).toBe(
      (world.view_count ?? 0) + 1,
    );
  });

  it('dates a new share: sharing a private story puts it first in latest once it has a chapter', async () => {
    const auth = await session();
    const story = db.stories
      .all()
      .find((s) => s.uid === AUTHOR_UID && s.share_status === 'private' && s.deleted_at === 0)!;
    await db.chapters.updateMany((q) => q.where({ story_id: story.id }), {
      data: (c) => void (c.published = true),
    });
    const res = await call('PUT', `/api/v1/stories/${story.id}/share`, {
      body: { share_status: 'square' },
      auth,
    });
    expect(res.status).toBe(200);
    const latest = await get('/api/v1/square/shares?tab=latest&limit=1');
    expect(latest.body.data[0].share_id).toBe(story.share_id);
  });

  it('serves every seeded cover as a small SVG, cached for a year', async () => {
    const covers = [...db.worlds.all(), ...db.stories.all()]
      .map((r) => r.cover)
      .filter((c): c is string => !!c);
    expect(covers.length).toBeGreaterThan(150);
    const shapes = new Set<string>();
    for (const url of covers.slice(0, 40)) {
      const res = await fetch(ORIGIN + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/svg+xml');
      expect(res.headers.get('Cache-Control')).toContain('max-age=31536000');
      const svg = await res.text();
      expect(svg.length).toBeLessThan(1500);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      shapes.add(svg);
    }
    expect(shapes.size).toBe(40);
    expect((await fetch(`${ORIGIN}/mock-oss/covers/NOT_A_COVER.svg`)).status).toBe(404);
  });
});
