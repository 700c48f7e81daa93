import { describe, expect, it } from 'vitest';
import { db } from '../db';
import { expectError, get, post, session } from '../handlers/test-client';
import { server } from '../server';
import { AUTHOR_UID } from '../seed-ids';
import {
  MANY_FANS,
  feedEmpty,
  followLimit,
  manyFans,
  reportLimit,
  squareEmpty,
  squareFails,
} from './social';

const someoneNotFollowed = () => {
  const followed = new Set(
    db.follows.findMany((q) => q.where({ follower: AUTHOR_UID })).map((f) => f.followee),
  );
  return db.users.all().find((u) => u.uid !== AUTHOR_UID && !followed.has(u.uid))!.uid;
};

describe('square and social scenarios', () => {
  it('feed-empty: the author follows nobody, the feed is empty and users are recommended', async () => {
    await feedEmpty();
    const auth = await session();
    expect((await get('/api/v2/self/profile', auth)).body.following_count).toBe(0);
    expect((await get('/api/v2/following_shares_feed', auth)).body.data).toEqual([]);
    const recommended = await get('/api/v2/recommend_following', auth);
    expect(recommended.body.data[0].user.is_official).toBe(true);
    expect(recommended.body.data.length).toBe(10);
  });

  it('follow-limit: the next follow and follow all answer 40329', async () => {
    await followLimit();
    const auth = await session();
    expectError(
      await post(`/api/v2/users/${someoneNotFollowed()}/followers`, undefined, auth),
      40329,
    );
    expectError(await post('/api/v2/follow_all_recommend_user', undefined, auth), 40329);
    // The followed readers are real users: the following list shows them all.
    const list = await get('/api/v2/self/following_users?limit=50', auth);
    expect(list.body.paging.has_next).toBe(true);
  });

  it('square-fails: the square lists, characters and the feed answer 500', async () => {
    server.use(...squareFails());
    const auth = await session();
    for (const path of [
      '/api/v1/square/shares?tab=recommend',
      '/api/v1/square/characters',
      '/api/v2/following_shares_feed',
    ]) {
      const res = await get(path, auth);
      expect(res.status).toBe(500);
      expect(res.body.error_code).toBe(50000);
    }
    const world = db.worlds.all().find((w) => w.share_status === 'square')!;
    expect((await get(`/api/v1/square/${world.share_id}/universes/characters`)).status).toBe(500);
    // Everything else still answers.
    expect((await get('/api/v2/self/profile', auth)).status).toBe(200);
  });

  it('square-empty: no square shares anywhere', async () => {
    await squareEmpty();
    const auth = await session();
    expect((await get('/api/v1/square/shares?tab=latest')).body.data).toEqual([]);
    expect((await get('/api/v1/square/characters')).body.data).toEqual([]);
    expect((await get('/api/v2/following_shares_feed', auth)).body.data).toEqual([]);
  });

  it('report-limit: the next report answers 40324', async () => {
    await reportLimit();
    const auth = await session();
    const res = await post(
      '/api/v1/reports',
      { target_kind: 'user', target_id: someoneNotFollowed(), type: 'spam' },
      auth,
    );
    expectError(res, 40324);
  });

  it('many-fans: the author has 5,000 more fans, paged 20 at a time', async () => {
    const before = db.follows.findMany((q) => q.where({ followee: AUTHOR_UID })).length;
    await manyFans();
    const auth = await session();
    expect((await get('/api/v2/self/profile', auth)).body.follower_count).toBe(before + MANY_FANS);
    const first = await get('/api/v2/self/followers', auth);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.paging.has_next).toBe(true);
  }, 60_000);
});
