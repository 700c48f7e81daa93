import { describe, expect, it } from 'vitest';
import { clock } from '../clock';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import {
  AVATAR_CHANGES_PER_MONTH,
  NICKNAME_CHANGES_PER_MONTH,
  SENSITIVE_WORDS,
  UPLOAD_URL,
  monthKey,
  signUploadPolicy,
} from './profile';
import { type Auth, call, expectError, get, session } from './test-client';

// ------------------------------------------------------------------ helpers

const putNickname = (nickname: unknown, auth?: Auth) =>
  call('PUT', '/api/v2/self/profile/nickname', { body: { nickname }, auth });

const followingCount = (uid: string) =>
  db.follows.findMany((q) => q.where({ follower: uid })).length;
const followerCount = (uid: string) =>
  db.follows.findMany((q) => q.where({ followee: uid })).length;
const follows = (a: string, b: string) =>
  !!db.follows.findFirst((q) => q.where({ follower: a, followee: b }));

/** Mid-month in China time, so shifting a few days stays inside the month. */
const MID_NOVEMBER = Date.UTC(2026, 10, 15, 4, 0, 0);

// ------------------------------------------------------------------ profiles

describe('GET /api/v2/self/profile', () => {
  it("answers the caller's summary, counts from db.follows and no relation", async () => {
    const res = await get('/api/v2/self/profile', await session());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { _id: AUTHOR_UID, name: '墨染青衣', avatar: '', is_official: false },
      following_count: followingCount(AUTHOR_UID),
      follower_count: followerCount(AUTHOR_UID),
      following: { is_follower: false, is_following: false },
    });
    expect(res.body.following_count).toBeGreaterThan(0);
    expect(res.body.follower_count).toBeGreaterThan(0);
  });

  it('needs a token (401, 40103)', async () => {
    expectError(await get('/api/v2/self/profile'), 40103, 401);
  });
});

describe('GET /api/v2/users/{uid}/profile', () => {
  it('answers a guest without relation', async () => {
    const res = await get('/api/v2/users/u_official/profile');
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      _id: 'u_official',
      name: '墨境官方',
      avatar: '/mock-oss/avatars/inkworld.svg',
      is_official: true,
    });
    expect(res.body.follower_count).toBe(followerCount('u_official'));
    expect(res.body.following).toEqual({ is_follower: false, is_following: false });
  });

  it('computes the relation for the viewer from db.follows', async () => {
    const auth = await session();
    // Every user the author follows or is followed by: the answer mirrors the table.
    const related = db.follows
      .findMany((q) => q.where({ follower: AUTHOR_UID }))
      .map((f) => f.followee);
    const fans = db.follows
      .findMany((q) => q.where({ followee: AUTHOR_UID }))
      .map((f) => f.follower);
    for (const uid of new Set([...related, ...fans])) {
      const res = await get(`/api/v2/users/${uid}/profile`, auth);
      expect(res.body.following, uid).toEqual({
        is_follower: follows(uid, AUTHOR_UID),
        is_following: follows(AUTHOR_UID, uid),
      });
    }
    // And follows made now are seen at once: mutual.
    await db.follows.create({
      follower: 'u_official',
      followee: AUTHOR_UID,
      created_at: clock.nowS(),
    });
    const mutual = await get('/api/v2/users/u_official/profile', auth);
    expect(mutual.body.following).toEqual({ is_follower: true, is_following: true });
  });

  it('shows no relation for the viewer themself', async () => {
    const res = await get(`/api/v2/users/${AUTHOR_UID}/profile`, await session());
    expect(res.body.following).toEqual({ is_follower: false, is_following: false });
  });

  it('treats an invalid token as a guest (public endpoint)', async () => {
    const res = await get('/api/v2/users/u_official/profile', {
      uid: AUTHOR_UID,
      access_token: 'garbage',
    });
    expect(res.status).toBe(200);
    expect(res.body.following).toEqual({ is_follower: false, is_following: false });
  });

  it('refuses an unknown uid with 40407 (404)', async () => {
    expectError(await get('/api/v2/users/u_nobody/profile'), 40407, 404);
  });
});

// ------------------------------------------------------------------ limits

describe('GET /api/v2/self/profile/limits', () => {
  it('starts the month with nothing used', async () => {
    const res = await get('/api/v2/self/profile/limits', await session());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      avatar: { enabled: true, total_times: AVATAR_CHANGES_PER_MONTH, used_times: 0 },
      nickname: { enabled: true, total_times: NICKNAME_CHANGES_PER_MONTH, used_times: 0 },
    });
    expect(AVATAR_CHANGES_PER_MONTH).toBe(5);
  });

  it('counts nickname changes this month and starts again next month', async () => {
    clock.pin(MID_NOVEMBER);
    const auth = await session();
    expect((await putNickname('青衣客', auth)).status).toBe(200);
    expect((await putNickname('青衣客二', auth)).status).toBe(200);
    const limits = await get('/api/v2/self/profile/limits', auth);
    expect(limits.body.nickname).toEqual({ enabled: true, total_times: 3, used_times: 2 });
    expect(limits.body.nickname.total_times - limits.body.nickname.used_times).toBe(1);
    expect(
      db.profileLimits.findFirst((q) => q.where({ uid: AUTHOR_UID, month: '2026-11' }))
        ?.nickname_used,
    ).toBe(2);

    clock.shift(20 * 86400_000); // into December
    const next = await get('/api/v2/self/profile/limits', await session());
    expect(next.body.nickname.used_times).toBe(0);
  });

  it('reads avatar usage from db.profileLimits', async () => {
    await db.profileLimits.create({
      uid: AUTHOR_UID,
      month: monthKey(),
      avatar_used: 4,
      nickname_used: 1,
    });
    const res = await get('/api/v2/self/profile/limits', await session());
    expect(res.body.avatar).toEqual({ enabled: true, total_times: 5, used_times: 4 });
    expect(res.body.nickname.used_times).toBe(1);
  });

  it('shows the nickname as not modifiable for official accounts', async () => {
    const res = await get('/api/v2/self/profile/limits', await session('u_official'));
    expect(res.body.nickname.enabled).toBe(false);
  });

  it('uses China time for the month', () => {
    expect(monthKey(Date.UTC(2026, 10, 30, 15, 59, 59))).toBe('2026-11');
    expect(monthKey(Date.UTC(2026, 10, 30, 16, 0, 0))).toBe('2026-12');
  });

  it('needs a token (401, 40103)', async () => {
    expectError(await get('/api/v2/self/profile/limits'), 40103, 401);
  });
});

// ------------------------------------------------------------------ nickname

describe('PUT /api/v2/self/profile/nickname', () => {
  it('trims, saves and answers the profile with the new name', async () => {
    const auth = await session();
    const res = await putNickname('  Ink 墨客_01-a  ', auth);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      _id: AUTHOR_UID,
      name: 'Ink 墨客_01-a',
      avatar: '',
      is_official: false,
    });
    expect(res.body.following_count).toBe(followingCount(AUTHOR_UID));
    expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.nickname).toBe('Ink 墨客_01-a');
    expect((await get('/api/v2/self/profile', auth)).body.user.name).toBe('Ink 墨客_01-a');
  });

  it('accepts exactly 30 characters and refuses 31 with 42251', async () => {
    const auth = await session();
    expectError(await putNickname('墨'.repeat(31), auth), 42251);
    expectError(await putNickname('a'.repeat(31), auth), 42251);
    expect((await putNickname('墨'.repeat(30), auth)).status).toBe(200);
  });

  it.each(['', '   ', '\t'])('refuses the empty nickname %j with 42250', async (nickname) => {
    expectError(await putNickname(nickname, await session()), 42250);
  });

  it.each(['墨@客', 'ink!', '表情😀', '点.号', '全角　空格', 'new\nline'])(
    'refuses special symbols in %j with 42252',
    async (nickname) => {
      expectError(await putNickname(nickname, await session()), 42252);
    },
  );

  it.each(['官方小号', '我是管理员', 'Admin007', '真人客服'])(
    'refuses the sensitive nickname %j with 42253',
    async (nickname) => {
      expectError(await putNickname(nickname, await session()), 42253);
    },
  );

  it('has a small sensitive-word list', () => {
    expect(SENSITIVE_WORDS.length).toBeGreaterThan(3);
  });

  it('refuses a refused nickname without counting it', async () => {
    const auth = await session();
    await putNickname('墨@客', auth);
    expect((await get('/api/v2/self/profile/limits', auth)).body.nickname.used_times).toBe(0);
    expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.nickname).toBe('墨染青衣');
  });

  it('does not count the same nickname again', async () => {
    const auth = await session();
    expect((await putNickname(' 墨染青衣 ', auth)).status).toBe(200);
    expect((await get('/api/v2/self/profile/limits', auth)).body.nickname.used_times).toBe(0);
  });

  it('refuses a fourth change in a month with 40332 (403)', async () => {
    clock.pin(MID_NOVEMBER);
    const auth = await session();
    for (const name of ['一号', '二号', '三号'])
      expect((await putNickname(name, auth)).status).toBe(200);
    expectError(await putNickname('四号', auth), 40332, 403);
    expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.nickname).toBe('三号');
    clock.shift(20 * 86400_000);
    expect((await putNickname('四号', await session())).status).toBe(200);
  });

  it('refuses official accounts with 40334 (403)', async () => {
    expectError(await putNickname('新名字', await session('u_official')), 40334, 403);
  });

  it('refuses a bad body with 42200', async () => {
    const auth = await session();
    expectError(await putNickname(42, auth), 42200);
    expectError(await call('PUT', '/api/v2/self/profile/nickname', { body: {}, auth }), 42200);
    expectError(
      await call('PUT', '/api/v2/self/profile/nickname', { raw: 'nickname=x', auth }),
      42200,
    );
  });

  it('needs a token (401, 40103)', async () => {
    expectError(await putNickname('新名字'), 40103, 401);
  });
});

// ------------------------------------------------------------------ avatar

describe('GET /api/v2/avatar/uploading_credentials', () => {
  it('grants a signed, OSS-style form for a key under the caller', async () => {
    clock.pin(MID_NOVEMBER);
    const res = await get('/api/v2/avatar/uploading_credentials', await session());
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(0);
    expect(res.body.url).toBe(UPLOAD_URL);
    const { params } = res.body;
    for (const value of Object.values(params)) expect(typeof value).toBe('string');
    expect(params.key).toMatch(new RegExp(`^avatars/${AUTHOR_UID}/`));
    expect(params.signature).toBe(signUploadPolicy(params.policy));
    const policy = JSON.parse(atob(params.policy));
    expect(new Date(policy.expiration).getTime()).toBeGreaterThan(MID_NOVEMBER);
    expect(policy.conditions).toContainEqual({ key: params.key });
  });

  it('does not itself use an avatar change', async () => {
    const auth = await session();
    await get('/api/v2/avatar/uploading_credentials', auth);
    expect((await get('/api/v2/self/profile/limits', auth)).body.avatar.used_times).toBe(0);
  });

  it('refuses once the 5 changes of the month are used, with 40332 (403)', async () => {
    await db.profileLimits.create({
      uid: AUTHOR_UID,
      month: monthKey(),
      avatar_used: 5,
      nickname_used: 0,
    });
    expectError(await get('/api/v2/avatar/uploading_credentials', await session()), 40332, 403);
  });

  it('needs a token (401, 40103)', async () => {
    expectError(await get('/api/v2/avatar/uploading_credentials'), 40103, 401);
  });
});
