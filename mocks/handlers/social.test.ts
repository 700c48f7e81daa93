import { describe, expect, it } from 'vitest';
import { clock } from '../clock';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import { uploadMaintenance } from '../scenarios/upload';
import { server } from '../server';
import { encodeCursor } from './share-cards';
import { FOLLOWS_PER_DAY, REPORTS_PER_DAY } from './social';
import { UPLOADS_PER_DAY } from './upload-policy';
import { type Auth, call, expectError, get, post, session } from './test-client';

// ------------------------------------------------------------------ helpers

const del = (path: string, auth?: Auth) => call('DELETE', path, { auth });

const follows = (a: string, b: string) =>
  !!db.follows.findFirst((q) => q.where({ follower: a, followee: b }));

/** A user the author neither follows nor is followed by, with square shares. */
function stranger(): string {
  const linked = new Set(
    db.follows
      .all()
      .filter((f) => f.follower === AUTHOR_UID || f.followee === AUTHOR_UID)
      .flatMap((f) => [f.follower, f.followee]),
  );
  const withShares = new Set(
    db.stories
      .all()
      .filter((s) => s.share_status === 'square')
      .map((s) => s.uid),
  );
  const user = db.users
    .all()
    .find((u) => u.uid !== AUTHOR_UID && !linked.has(u.uid) && withShares.has(u.uid));
  if (!user) throw new Error('the seed has no stranger with shares');
  return user.uid;
}

/** A user with no follows at all, created for the test. */
async function loner(uid = 'u_loner'): Promise<string> {
  await db.users.create({
    ...db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!,
    uid,
    nickname: '独行客',
    phone: '13900000000',
    email: '',
  });
  return uid;
}

/** Presets `n` follows made today by `uid` (of users that need not exist). */
async function followedToday(uid: string, n: number) {
  for (let i = 0; i < n; i++)
    await db.follows.create({ follower: uid, followee: `u_ghost${i}`, created_at: clock.nowS() });
}

async function reportUpload(
  uid: string,
  overrides: { purpose?: 'report' | 'cover'; passed?: boolean } = {},
) {
  const row = await db.uploads.create({
    id: `img_r${db.uploads.all().length}`,
    query_id: `q_r${db.uploads.all().length}`,
    uid,
    purpose: overrides.purpose ?? 'report',
    target: '',
    content_type: 'image/png',
    size: 10,
    data_url: 'data:image/png;base64,AAAA',
    created_at: clock.nowMs(),
    polls_left: 0,
    status: 'done',
    passed: overrides.passed ?? true,
  });
  return row.id;
}

function squareStory(uid?: string) {
  return db.stories
    .all()
    .find((s) => s.share_status === 'square' && s.deleted_at === 0 && (!uid || s.uid === uid))!;
}

// ------------------------------------------------------------------ sharings

describe('GET /api/v2/self/sharings', () => {
  it("lists the caller's square and link shares of one kind, newest first", async () => {
    const auth = await session();
    const worlds = await get('/api/v2/self/sharings?type=universe', auth);
    expect(worlds.status).toBe(200);
    const own = db.worlds
      .all()
      .filter((w) => w.uid === AUTHOR_UID && !w.deleted && w.share_status !== 'private');
    expect(worlds.body.data.map((s: { share_id: string }) => s.share_id).sort()).toEqual(
      own.map((w) => w.share_id).sort(),
    );
    expect(worlds.body.data.every((s: { kind: string }) => s.kind === 'universe')).toBe(true);
    const stories = await get('/api/v2/self/sharings?type=story', auth);
    expect(stories.body.data.length).toBeGreaterThan(0);
    expect(stories.body.data[0]).toMatchObject({
      kind: 'story',
      author: { _id: AUTHOR_UID, name: '墨染青衣' },
      entry_count: 0,
    });
    const times = stories.body.data.map((s: { shared_at: number }) => s.shared_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('needs a token (40103)', async () => {
    expectError(await get('/api/v2/self/sharings?type=story'), 40103, 401);
  });

  it.each([
    ['no type', ''],
    ['an unknown type', '?type=novel'],
    ['limit=None', '?type=story&limit=None'],
    ['limit 0', '?type=story&limit=0'],
    ['limit 51', '?type=story&limit=51'],
    ['a non-integer limit', '?type=story&limit=2.5'],
    ['a bad cursor', '?type=story&cursor=%25%25'],
    ['a cursor that is not ours', `?type=story&cursor=${btoa('page:2')}`],
  ])('refuses %s (42200)', async (_, query) => {
    expectError(await get(`/api/v2/self/sharings${query}`, await session()), 42200);
  });
});

describe('GET /api/v2/users/{uid}/sharings', () => {
  it("lists only the user's square shares with a published chapter, for anyone", async () => {
    const story = squareStory(AUTHOR_UID);
    const res = await get(`/api/v2/users/${AUTHOR_UID}/sharings?type=story`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { share_id: string }) => s.share_id)).toContain(story.share_id);
    await db.stories.update(story, { data: (s) => void (s.share_status = 'link') });
    const after = await get(`/api/v2/users/${AUTHOR_UID}/sharings?type=story`);
    expect(after.body.data.map((s: { share_id: string }) => s.share_id)).not.toContain(
      story.share_id,
    );
  });

  it('leaves out a story without a published chapter', async () => {
    const story = squareStory(AUTHOR_UID);
    await db.chapters.updateMany((q) => q.where({ story_id: story.id }), {
      data: (c) => void (c.published = false),
    });
    const res = await get(`/api/v2/users/${AUTHOR_UID}/sharings?type=story`);
    expect(res.body.data.map((s: { share_id: string }) => s.share_id)).not.toContain(
      story.share_id,
    );
  });

  it('answers 40407 for an unknown user and 42200 without a type', async () => {
    expectError(await get('/api/v2/users/u_nobody/sharings?type=story'), 40407);
    expectError(await get(`/api/v2/users/${AUTHOR_UID}/sharings`), 42200);
  });
});

// ------------------------------------------------------------------ follow lists

describe('follow and fans lists', () => {
  it('pages my fans by cursor; the next link keeps the limit', async () => {
    const auth = await session();
    const fans = db.follows.findMany((q) => q.where({ followee: AUTHOR_UID })).length;
    const first = await get('/api/v2/self/followers?limit=10', auth);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(Math.min(10, fans));
    expect(first.body.paging).toEqual({
      has_prev: true,
      has_next: true,
      next: `/api/v2/self/followers?limit=10&cursor=${encodeURIComponent(encodeCursor(10))}`,
    });
    const second = await get(first.body.paging.next, auth);
    expect(second.body.data).toHaveLength(fans - 10);
    expect(second.body.paging).toEqual({ has_prev: false, has_next: false, next: null });
    const all = [...first.body.data, ...second.body.data].map(
      (r: { user: { _id: string } }) => r.user._id,
    );
    expect(new Set(all).size).toBe(fans);
  });

  it('writes limit=None into the next link when the request had no limit, and refuses it back', async () => {
    const auth = await session();
    const me = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!;
    for (let i = 0; i < 30; i++) {
      await db.users.create({ ...me, uid: `u_fan${i}`, nickname: `新粉丝${i}` });
      await db.follows.create({ follower: `u_fan${i}`, followee: AUTHOR_UID, created_at: 1 });
    }
    const first = await get('/api/v2/self/followers', auth);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.paging.next).toContain('limit=None');
    expectError(await get(first.body.paging.next, auth), 42200);
    const fixed = await get(first.body.paging.next.replace('&limit=None', ''), auth);
    expect(fixed.status).toBe(200);
  });

  it('rows carry the viewer relation and the fan count', async () => {
    const auth = await session();
    const res = await get('/api/v2/self/following_users?limit=50', auth);
    expect(res.status).toBe(200);
    const followed = db.follows.findMany((q) => q.where({ follower: AUTHOR_UID }));
    expect(res.body.data).toHaveLength(followed.length);
    for (const row of res.body.data) {
      expect(row.following.is_following).toBe(true);
      expect(row.following.is_follower).toBe(follows(row.user._id, AUTHOR_UID));
      expect(row.follower_count).toBe(
        db.follows.findMany((q) => q.where({ followee: row.user._id })).length,
      );
    }
  });

  it("lists another user's fans and follows, relation from the viewer", async () => {
    const guest = await get(`/api/v2/users/${AUTHOR_UID}/followers?limit=5`);
    expect(guest.status).toBe(200);
    expect(guest.body.data[0].following).toEqual({ is_follower: false, is_following: false });
    const other = db.follows.findFirst((q) => q.where({ followee: AUTHOR_UID }))!.follower;
    const res = await get(`/api/v2/users/${other}/following_users?limit=50`, await session());
    const me = res.body.data.find((r: { user: { _id: string } }) => r.user._id === AUTHOR_UID);
    expect(me.following).toEqual({ is_follower: false, is_following: false });
  });

  it('answers 40103 on the self lists, 40407 and 42200 on the user lists', async () => {
    expectError(await get('/api/v2/self/followers'), 40103, 401);
    expectError(await get('/api/v2/self/following_users'), 40103, 401);
    expectError(await get('/api/v2/self/followers?limit=None', await session()), 42200);
    expectError(await get('/api/v2/self/following_users?limit=x', await session()), 42200);
    expectError(await get('/api/v2/users/u_nobody/followers'), 40407);
    expectError(await get('/api/v2/users/u_nobody/following_users'), 40407);
    expectError(await get(`/api/v2/users/${AUTHOR_UID}/followers?limit=None`), 42200);
    expectError(await get(`/api/v2/users/${AUTHOR_UID}/following_users?cursor=x`), 42200);
  });
});

// ------------------------------------------------------------------ follow / unfollow

describe('POST and DELETE /api/v2/users/{uid}/followers', () => {
  it('follows: the relation, the fan count, and both profiles count it', async () => {
    const auth = await session();
    const uid = stranger();
    const fansBefore = db.follows.findMany((q) => q.where({ followee: uid })).length;
    const mine = (await get('/api/v2/self/profile', auth)).body.following_count;
    const res = await post(`/api/v2/users/${uid}/followers`, undefined, auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      following: { is_follower: false, is_following: true },
      follower_count: fansBefore + 1,
    });
    expect((await get('/api/v2/self/profile', auth)).body.following_count).toBe(mine + 1);
    const theirs = await get(`/api/v2/users/${uid}/profile`, auth);
    expect(theirs.body.follower_count).toBe(fansBefore + 1);
    expect(theirs.body.following.is_following).toBe(true);
  });

  it('following back a fan gives the mutual relation (state 2), unfollowing it -1', async () => {
    const fan = db.follows
      .findMany((q) => q.where({ followee: AUTHOR_UID }))
      .find((f) => !follows(AUTHOR_UID, f.follower))!.follower;
    const auth = await session();
    const res = await post(`/api/v2/users/${fan}/followers`, undefined, auth);
    expect(res.body.following).toEqual({ is_follower: true, is_following: true });
    const back = await del(`/api/v2/users/${fan}/followers`, auth);
    expect(back.status).toBe(200);
    expect(back.body.following).toEqual({ is_follower: true, is_following: false });
    expect(follows(AUTHOR_UID, fan)).toBe(false);
  });

  it('unfollows: -2 when they do not follow me, and the fan count drops', async () => {
    const auth = await session();
    const uid = stranger();
    const followed = await post(`/api/v2/users/${uid}/followers`, undefined, auth);
    const res = await del(`/api/v2/users/${uid}/followers`, auth);
    expect(res.body).toEqual({
      following: { is_follower: false, is_following: false },
      follower_count: followed.body.follower_count - 1,
    });
  });

  it('answers 40103, 40407, 40328, 40327 and 40329', async () => {
    const auth = await session();
    const uid = stranger();
    expectError(await post(`/api/v2/users/${uid}/followers`), 40103, 401);
    expectError(await post('/api/v2/users/u_nobody/followers', undefined, auth), 40407);
    expectError(await post(`/api/v2/users/${AUTHOR_UID}/followers`, undefined, auth), 40328);
    await post(`/api/v2/users/${uid}/followers`, undefined, auth);
    expectError(await post(`/api/v2/users/${uid}/followers`, undefined, auth), 40327);
    await del(`/api/v2/users/${uid}/followers`, auth);
    await followedToday(AUTHOR_UID, FOLLOWS_PER_DAY);
    expectError(await post(`/api/v2/users/${uid}/followers`, undefined, auth), 40329);
    expect(follows(AUTHOR_UID, uid)).toBe(false);
  });

  it("counts the limit per UTC day: yesterday's follows do not count", async () => {
    const auth = await session();
    for (let i = 0; i < FOLLOWS_PER_DAY; i++)
      await db.follows.create({
        follower: AUTHOR_UID,
        followee: `u_old${i}`,
        created_at: clock.nowS() - 86_400,
      });
    expect((await post(`/api/v2/users/${stranger()}/followers`, undefined, auth)).status).toBe(200);
  });

  it('answers 40103, 40407 and 40417 on unfollow', async () => {
    const auth = await session();
    expectError(await del(`/api/v2/users/${stranger()}/followers`), 40103, 401);
    expectError(await del('/api/v2/users/u_nobody/followers', auth), 40407);
    expectError(await del(`/api/v2/users/${stranger()}/followers`, auth), 40417);
  });
});

// ------------------------------------------------------------------ recommended users, feed

describe('recommended users and following them all', () => {
  it('recommends users with square shares, the official account first, never me or followed ones', async () => {
    const uid = await loner();
    const auth = await session(uid);
    const res = await get('/api/v2/recommend_following', auth);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    expect(res.body.data[0].user.is_official).toBe(true);
    expect(res.body.data[0].recommend_content.recommend_reason).toMatch(/官方/);
    for (const r of res.body.data) {
      expect(r.user._id).not.toBe(uid);
      expect(r.recommend_content.story_count + r.recommend_content.universe_count).toBeGreaterThan(
        0,
      );
    }
    const author = await get('/api/v2/recommend_following', await session());
    for (const r of author.body.data) expect(follows(AUTHOR_UID, r.user._id)).toBe(false);
  });

  it('gives each recommended user’s relation to me: one who follows me is a follower', async () => {
    const uid = await loner();
    const auth = await session(uid);
    const before = await get('/api/v2/recommend_following', auth);
    const fan = before.body.data[1].user._id;
    for (const r of before.body.data) {
      expect(r.following).toEqual({ is_follower: false, is_following: false });
    }
    await db.follows.create({ follower: fan, followee: uid, created_at: clock.nowS() });
    const after = await get('/api/v2/recommend_following', auth);
    expect(after.body.data.map((r: { user: { _id: string } }) => r.user._id)).toContain(fan);
    for (const r of after.body.data) {
      expect(r.following).toEqual({ is_follower: r.user._id === fan, is_following: false });
    }
  });

  it('gives the reasons in the request language', async () => {
    const auth = await session(await loner());
    const res = await call('GET', '/api/v2/recommend_following', { auth });
    const en = await fetch('http://localhost:3000/api/v2/recommend_following', {
      headers: { lang: 'en', ostype: 'web', Authorization: `Bearer ${auth.access_token}` },
    });
    const body = (await en.json()) as typeof res.body;
    expect(body.data[0].recommend_content.recommend_reason).toMatch(/official/i);
    // The brand is spelled "Inkworld" in English (墨境 in Chinese).
    expect(body.data[0].recommend_content.recommend_reason).toContain('Inkworld');
    expect(res.body.data[0].recommend_content.recommend_reason).toContain('墨境');
    expect(body.data[0].recommend_content.recommend_reason).not.toBe(
      res.body.data[0].recommend_content.recommend_reason,
    );
  });

  it('follows every recommended user; the feed then shows their shares, newest first', async () => {
    const uid = await loner();
    const auth = await session(uid);
    const empty = await get('/api/v2/following_shares_feed', auth);
    expect(empty.body).toEqual({
      data: [],
      paging: { has_prev: false, has_next: false, next: null },
    });
    const recommended = (await get('/api/v2/recommend_following', auth)).body.data;
    const res = await post('/api/v2/follow_all_recommend_user', undefined, auth);
    expect(res.body).toEqual({ followed: recommended.length });
    for (const r of recommended) expect(follows(uid, r.user._id)).toBe(true);
    const feed = await get('/api/v2/following_shares_feed?limit=50', auth);
    expect(feed.body.data.length).toBeGreaterThan(0);
    const ids = new Set(recommended.map((r: { user: { _id: string } }) => r.user._id));
    for (const s of feed.body.data) expect(ids.has(s.author._id)).toBe(true);
    const times = feed.body.data.map((s: { shared_at: number }) => s.shared_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('follows nobody when the day cannot take them all (40329)', async () => {
    const uid = await loner();
    const auth = await session(uid);
    await followedToday(uid, FOLLOWS_PER_DAY - 1);
    const before = db.follows.findMany((q) => q.where({ follower: uid })).length;
    expectError(await post('/api/v2/follow_all_recommend_user', undefined, auth), 40329);
    expect(db.follows.findMany((q) => q.where({ follower: uid }))).toHaveLength(before);
  });

  it('answers 40103 without a token', async () => {
    expectError(await get('/api/v2/recommend_following'), 40103, 401);
    expectError(await post('/api/v2/follow_all_recommend_user'), 40103, 401);
    expectError(await get('/api/v2/following_shares_feed'), 40103, 401);
  });

  it('refuses a bad limit on the feed (42200)', async () => {
    expectError(await get('/api/v2/following_shares_feed?limit=None', await session()), 42200);
  });
});

// ------------------------------------------------------------------ report

describe('POST /api/v1/reports', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    target_kind: 'story',
    target_id: squareStory().share_id,
    type: 'spam',
    description: '内容重复刷屏',
    ...over,
  });

  it('receives a report of a share, with passed report images of the caller', async () => {
    const auth = await session();
    const images = [await reportUpload(AUTHOR_UID), await reportUpload(AUTHOR_UID)];
    const res = await post('/api/v1/reports', body({ images }), auth);
    expect(res.status).toBe(200);
    expect(res.body.report_id).toMatch(/^rp_/);
    expect(db.reports.findFirst((q) => q.where({ id: res.body.report_id }))).toMatchObject({
      reporter: AUTHOR_UID,
      target_kind: 'story',
      type: 'spam',
      images,
    });
  });

  it('receives reports of a world (link shares too) and of a user', async () => {
    const auth = await session();
    const world = db.worlds.all().find((w) => w.share_status === 'link' && !w.deleted)!;
    const r1 = await post(
      '/api/v1/reports',
      body({ target_kind: 'universe', target_id: world.share_id, description: undefined }),
      auth,
    );
    expect(r1.status).toBe(200);
    const r2 = await post(
      '/api/v1/reports',
      body({ target_kind: 'user', target_id: stranger(), type: 'other' }),
      auth,
    );
    expect(r2.status).toBe(200);
  });

  it('answers 40103 without a token', async () => {
    expectError(await post('/api/v1/reports', body()), 40103, 401);
  });

  it.each([
    ['no type', { type: undefined }],
    ['an unknown type', { type: 'boring' }],
    ['an unknown target kind', { target_kind: 'chapter' }],
    ['more than 3 images', { images: ['a', 'b', 'c', 'd'] }],
  ])('refuses %s (42200)', async (_, over) => {
    expectError(await post('/api/v1/reports', body(over), await session()), 42200);
  });

  it('refuses images that are not passed report uploads of the caller (42200)', async () => {
    const auth = await session();
    const other = await reportUpload('u_official');
    const cover = await reportUpload(AUTHOR_UID, { purpose: 'cover' });
    const refused = await reportUpload(AUTHOR_UID, { passed: false });
    for (const id of ['img_unknown', other, cover, refused])
      expectError(await post('/api/v1/reports', body({ images: [id] }), auth), 42200);
    const ok = await reportUpload(AUTHOR_UID);
    expectError(await post('/api/v1/reports', body({ images: [ok, ok] }), auth), 42200);
  });

  it('counts the description as the client does: 200 passes, 201 is 42244', async () => {
    const auth = await session();
    expect(
      (await post('/api/v1/reports', body({ description: '报'.repeat(200) }), auth)).status,
    ).toBe(200);
    expectError(
      await post(
        '/api/v1/reports',
        body({ target_kind: 'user', target_id: stranger(), description: '报'.repeat(201) }),
        auth,
      ),
      42244,
    );
  });

  it('answers 40406 for a missing, private or deleted share and 40407 for a missing user', async () => {
    const auth = await session();
    const priv = db.stories.all().find((s) => s.share_status === 'private')!;
    const trashed = db.stories.all().find((s) => s.deleted_at > 0)!;
    for (const id of ['s_nothing', priv.share_id, trashed.share_id])
      expectError(await post('/api/v1/reports', body({ target_id: id }), auth), 40406);
    expectError(
      await post('/api/v1/reports', body({ target_kind: 'universe', target_id: 's_x' }), auth),
      40406,
    );
    expectError(
      await post('/api/v1/reports', body({ target_kind: 'user', target_id: 'u_nobody' }), auth),
      40407,
    );
  });

  it('refuses the same target twice from one reporter (42245), not from another', async () => {
    const auth = await session();
    await post('/api/v1/reports', body(), auth);
    expectError(await post('/api/v1/reports', body({ type: 'other' }), auth), 42245);
    const other = await session(stranger());
    expect((await post('/api/v1/reports', body(), other)).status).toBe(200);
  });

  it('allows 10 reports a day, then 40324', async () => {
    const auth = await session();
    for (let i = 0; i < REPORTS_PER_DAY; i++)
      await db.reports.create({
        id: `rp_pre${i}`,
        reporter: AUTHOR_UID,
        target_kind: 'user',
        target_id: `u_x${i}`,
        type: 'spam',
        description: '',
        images: [],
        created_at: clock.nowS(),
      });
    expectError(await post('/api/v1/reports', body(), auth), 40324);
  });
});

describe('GET /api/v2/report/uploading_credentials', () => {
  it('grants a report upload policy', async () => {
    const res = await get('/api/v2/report/uploading_credentials', await session());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 0, url: '/mock-oss/upload' });
    expect(res.body.params['x-oss-meta-purpose']).toBe('report');
    expect(res.body.params.key).toMatch(/^reports\/u_author\//);
  });

  it('answers 40103, 40307 after the day’s uploads and 40306 under maintenance', async () => {
    expectError(await get('/api/v2/report/uploading_credentials'), 40103, 401);
    const auth = await session();
    for (let i = 0; i < UPLOADS_PER_DAY; i++) await reportUpload(AUTHOR_UID);
    expectError(await get('/api/v2/report/uploading_credentials', auth), 40307);
    server.use(...uploadMaintenance());
    expectError(await get('/api/v2/report/uploading_credentials', auth), 40306);
  });
});
