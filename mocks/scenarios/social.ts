import { http as mswHttp } from 'msw';
import { clock } from '../clock';
import { db } from '../db';
import { FOLLOWS_PER_DAY, REPORTS_PER_DAY } from '../handlers/social';
import { apiError } from '../http';
import { AUTHOR_UID } from '../seed-ids';
import { newUser } from '../users';

/**
 * Scenarios of the square and the social layer (feed, follow, report). The fault ones answer
 * only their own calls, so the rest of the app keeps working around them.
 */

/** The author follows nobody: the feed shows recommended users with "follow all". */
export async function feedEmpty(uid: string = AUTHOR_UID): Promise<void> {
  db.follows.deleteMany((q) => q.where({ follower: uid }));
}

/**
 * The author has made today's 200 follows (their 9 follows re-dated to today, plus new readers
 * followed today): the next follow, and follow-all, answer 40329.
 */
export async function followLimit(uid: string = AUTHOR_UID): Promise<void> {
  const now = clock.nowS();
  await db.follows.updateMany((q) => q.where({ follower: uid }), {
    data: (f) => void (f.created_at = now),
  });
  const have = db.follows.findMany((q) => q.where({ follower: uid })).length;
  for (let i = have; i < FOLLOWS_PER_DAY; i++) {
    const reader = `u_reader${String(i).padStart(3, '0')}`;
    if (!db.users.findFirst((q) => q.where({ uid: reader })))
      await db.users.create(
        newUser({ uid: reader, nickname: `读者${i}`, created_at: now - 86_400 }),
      );
    await db.follows.create({ follower: uid, followee: reader, created_at: now });
  }
}

const failing = (path: string) =>
  mswHttp.get(path, () => apiError(50000, 'internal server error', null, 500));

/** The square's lists, its characters and the feed answer 500: error blocks with a retry. */
export function squareFails() {
  return [
    failing('*/api/v1/square/shares'),
    failing('*/api/v1/square/characters'),
    failing('*/api/v1/square/:id/universes/characters'),
    failing('*/api/v2/following_shares_feed'),
  ];
}

/** Nothing is on the square: every square share becomes a link share (empty states). */
export async function squareEmpty(): Promise<void> {
  await db.stories.updateMany((q) => q.where({ share_status: 'square' }), {
    data: (s) => void (s.share_status = 'link'),
  });
  await db.worlds.updateMany((q) => q.where({ share_status: 'square' }), {
    data: (w) => void (w.share_status = 'link'),
  });
}

/** The author has sent today's 10 reports: the next report answers 40324. */
export async function reportLimit(uid: string = AUTHOR_UID): Promise<void> {
  const now = clock.nowS();
  const others = db.users.all().filter((u) => u.uid !== uid);
  for (let i = 0; i < REPORTS_PER_DAY; i++) {
    await db.reports.create({
      id: `rp_limit${i}`,
      reporter: uid,
      target_kind: 'user',
      target_id: others[i % others.length]!.uid,
      type: 'spam',
      description: '',
      images: [],
      created_at: now - i * 60,
    });
  }
}

/** Fans of the author in the `many-fans` scenario (the virtualised list's budget). */
export const MANY_FANS = 5000;

/** The author has 5,000 more fans (new readers), for the fans list's virtualisation. */
export async function manyFans(uid: string = AUTHOR_UID, count = MANY_FANS): Promise<void> {
  const now = clock.nowS();
  const users = new Set(db.users.all().map((u) => u.uid));
  const fans = new Set(
    db.follows.findMany((q) => q.where({ followee: uid })).map((f) => f.follower),
  );
  for (let i = 0; i < count; i++) {
    const fan = `u_fan${String(i).padStart(4, '0')}`;
    if (!users.has(fan))
      await db.users.create(
        newUser({ uid: fan, nickname: `书友${String(i).padStart(4, '0')}`, created_at: now }),
      );
    if (!fans.has(fan))
      await db.follows.create({ follower: fan, followee: uid, created_at: now - i * 60 });
  }
}
