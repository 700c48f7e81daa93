import type { components } from '@/api/schema.gen';
import {
  REPORT_DESCRIPTION_MAX,
  REPORT_IMAGES_MAX,
  reportDescriptionTooLong,
} from '@/rules/report';
import { clock } from '../clock';
import { randomId } from '../codes';
import { db, type UserRecord } from '../db';
import { fail, handle, http, ok, optionalAuth, readBody, requireAuth } from '../http';
import {
  byEngagement,
  cursorPage,
  fanCount,
  findUser,
  followIndexFor,
  followUserOut,
  isFollowing,
  readKind,
  relationOf,
  shareOut,
  sharesWhere,
  squareShares,
  userSummary,
} from './share-cards';

/**
 * Social operations of the contract (tag `social`): sharings of a profile, follow and fans
 * lists, follow and unfollow, recommended users and following them all, the feed of followed
 * authors, and reports.
 */

type RecommendedUser = components['schemas']['RecommendedUser'];

/** Follows a user may make per UTC day (inferred by the contract: 200). */
export const FOLLOWS_PER_DAY = 200;
/** Reports a user may send per UTC day (inferred by the contract: 10). */
export const REPORTS_PER_DAY = 10;
export { REPORT_DESCRIPTION_MAX, REPORT_IMAGES_MAX };
/** Recommended users answered at most (inferred by the contract). */
export const RECOMMENDED_MAX = 10;

const DAY_S = 86_400;

function utcDay(seconds: number): number {
  return Math.floor(seconds / DAY_S);
}

/** The caller's account; a valid token whose user is gone is no longer valid. */
function selfOf(request: Request): UserRecord {
  const uid = requireAuth(request);
  return findUser(uid) ?? fail(40103, 'user of the token no longer exists', null, 401);
}

function userOr404(uid: string): UserRecord {
  return findUser(uid) ?? fail(40407, 'user not found');
}

export function isEnglish(request: Request): boolean {
  return (request.headers.get('lang') ?? '').toLowerCase().startsWith('en');
}

// ------------------------------------------------------------------ follow lists

/** Users who follow `uid` (newest follow first). */
function fansOf(uid: string): UserRecord[] {
  // Plain filters: the query builder takes tens of ms over a table of 5,000 follows (many-fans).
  return usersOf(
    db.follows.all().filter((f) => f.followee === uid),
    (f) => f.follower,
  );
}

/** Users `uid` follows (newest follow first). */
function followingOf(uid: string): UserRecord[] {
  return usersOf(
    db.follows.all().filter((f) => f.follower === uid),
    (f) => f.followee,
  );
}

function usersOf<F extends { created_at: number }>(rows: F[], pick: (f: F) => string) {
  const byUid = new Map<string, UserRecord>(db.users.all().map((u) => [u.uid, u]));
  const out: UserRecord[] = [];
  for (const f of rows.sort(
    (a, b) => b.created_at - a.created_at || pick(a).localeCompare(pick(b)),
  )) {
    const user = byUid.get(pick(f));
    if (user) out.push(user);
  }
  return out;
}

function userPage(users: UserRecord[], request: Request, viewer: string | null) {
  const page = cursorPage(users, new URL(request.url));
  const index = followIndexFor(
    page.data.map((u) => u.uid),
    viewer,
  );
  return { data: page.data.map((u) => followUserOut(u, viewer, index)), paging: page.paging };
}

// ------------------------------------------------------------------ follow

/** Follows `uid` made today (UTC), counted from the follow table. */
export function followsToday(uid: string, now = clock.nowS()): number {
  const today = utcDay(now);
  return db.follows
    .findMany((q) => q.where({ follower: uid }))
    .filter((f) => utcDay(f.created_at) === today).length;
}

// ------------------------------------------------------------------ recommended users

/**
 * Users to recommend to `viewer` (inferred rule): not the viewer, not already followed, with at
 * least one work on the square; the official account first, then by fans, then by works.
 */
export function recommendedFor(viewer: string): UserRecord[] {
  const followed = new Set(
    db.follows.findMany((q) => q.where({ follower: viewer })).map((f) => f.followee),
  );
  const works = new Map<string, number>();
  for (const row of squareShares()) works.set(row.record.uid, (works.get(row.record.uid) ?? 0) + 1);
  const fans = new Map<string, number>();
  for (const f of db.follows.all()) fans.set(f.followee, (fans.get(f.followee) ?? 0) + 1);
  return db.users
    .all()
    .filter((u) => u.uid !== viewer && !followed.has(u.uid) && (works.get(u.uid) ?? 0) > 0)
    .sort(
      (a, b) =>
        Number(b.is_official) - Number(a.is_official) ||
        (fans.get(b.uid) ?? 0) - (fans.get(a.uid) ?? 0) ||
        (works.get(b.uid) ?? 0) - (works.get(a.uid) ?? 0) ||
        a.uid.localeCompare(b.uid),
    )
    .slice(0, RECOMMENDED_MAX);
}

function recommendedOut(user: UserRecord, viewer: string, en: boolean): RecommendedUser {
  const shares = squareShares(null, new Set([user.uid]));
  const stories = shares.filter((s) => s.kind === 'story').length;
  const worlds = shares.length - stories;
  const top = byEngagement(shares)[0];
  const fans = fanCount(user.uid);
  let reason: string;
  if (user.is_official) {
    reason = en
      ? 'The official Inkworld account: updates, events and featured works'
      : '墨境官方账号：版本更新、活动和精选作品';
  } else if (top && (top.record.view_count ?? 0) > 0) {
    reason = en
      ? `“${top.record.title}” is popular on the square`
      : `作品《${top.record.title}》在广场很受欢迎`;
  } else if (fans > 0) {
    reason = en ? `Followed by ${fans} readers` : `已有 ${fans} 位读者关注`;
  } else {
    reason = en ? 'Recently shared new works on the square' : '最近在广场分享了新作品';
  }
  return {
    user: userSummary(user),
    recommend_content: { story_count: stories, universe_count: worlds, recommend_reason: reason },
    following: relationOf(viewer, user.uid),
  };
}

// ------------------------------------------------------------------ report

/** Reports `uid` sent today (UTC). */
export function reportsToday(uid: string, now = clock.nowS()): number {
  const today = utcDay(now);
  return db.reports
    .findMany((q) => q.where({ reporter: uid }))
    .filter((r) => utcDay(r.created_at) === today).length;
}

/** A share that can be reported: on the square or shared by link, not deleted. */
function reportableShare(kind: 'story' | 'universe', shareId: string): boolean {
  if (kind === 'story') {
    const s = db.stories.findFirst((q) => q.where({ share_id: shareId }));
    return !!s && s.deleted_at === 0 && (s.share_status === 'square' || s.share_status === 'link');
  }
  const w = db.worlds.findFirst((q) => q.where({ share_id: shareId }));
  return !!w && !w.deleted && (w.share_status === 'square' || w.share_status === 'link');
}

// ------------------------------------------------------------------ handlers

export const socialHandlers = [
  /** My square and link shares (no published-chapter rule: the author sees every share). */
  http.get(
    '/api/v2/self/sharings',
    handle(({ request }) => {
      const me = selfOf(request);
      const url = new URL(request.url);
      const kind = readKind(url, 'type', true);
      const rows = sharesWhere({ statuses: ['square', 'link'], uid: me.uid, kind }, false);
      const page = cursorPage(rows, url);
      return ok({ data: page.data.map(shareOut), paging: page.paging });
    }),
  ),

  http.get(
    '/api/v2/users/{uid}/sharings',
    handle(({ request, params }) => {
      const user = userOr404(params.uid);
      const url = new URL(request.url);
      const kind = readKind(url, 'type', true);
      const page = cursorPage(sharesWhere({ statuses: ['square'], uid: user.uid, kind }), url);
      return ok({ data: page.data.map(shareOut), paging: page.paging });
    }),
  ),

  http.get(
    '/api/v2/self/followers',
    handle(({ request }) => {
      const me = selfOf(request);
      return ok(userPage(fansOf(me.uid), request, me.uid));
    }),
  ),

  http.get(
    '/api/v2/self/following_users',
    handle(({ request }) => {
      const me = selfOf(request);
      return ok(userPage(followingOf(me.uid), request, me.uid));
    }),
  ),

  http.get(
    '/api/v2/users/{uid}/following_users',
    handle(({ request, params }) => {
      const user = userOr404(params.uid);
      return ok(userPage(followingOf(user.uid), request, optionalAuth(request)));
    }),
  ),

  http.get(
    '/api/v2/users/{uid}/followers',
    handle(({ request, params }) => {
      const user = userOr404(params.uid);
      return ok(userPage(fansOf(user.uid), request, optionalAuth(request)));
    }),
  ),

  /** Order: token, user (40407), self (40328), daily limit (40329), already followed (40327). */
  http.post(
    '/api/v2/users/{uid}/followers',
    handle(async ({ request, params }) => {
      const me = selfOf(request);
      const user = userOr404(params.uid);
      if (user.uid === me.uid) fail(40328, 'cannot follow yourself');
      if (followsToday(me.uid) >= FOLLOWS_PER_DAY) fail(40329, 'daily follow limit');
      if (isFollowing(me.uid, user.uid)) fail(40327, 'already followed');
      await db.follows.create({ follower: me.uid, followee: user.uid, created_at: clock.nowS() });
      return ok({ following: relationOf(me.uid, user.uid), follower_count: fanCount(user.uid) });
    }),
  ),

  http.delete(
    '/api/v2/users/{uid}/followers',
    handle(async ({ request, params }) => {
      const me = selfOf(request);
      const user = userOr404(params.uid);
      const row = db.follows.findFirst((q) => q.where({ follower: me.uid, followee: user.uid }));
      if (!row) fail(40417, 'not following this user');
      await db.follows.delete(row);
      return ok({ following: relationOf(me.uid, user.uid), follower_count: fanCount(user.uid) });
    }),
  ),

  http.get(
    '/api/v2/recommend_following',
    handle(({ request }) => {
      const me = selfOf(request);
      const en = isEnglish(request);
      return ok({ data: recommendedFor(me.uid).map((u) => recommendedOut(u, me.uid, en)) });
    }),
  ),

  /** All or nothing: when the day's follows cannot take them all, 40329 and nothing changes. */
  http.post(
    '/api/v2/follow_all_recommend_user',
    handle(async ({ request }) => {
      const me = selfOf(request);
      const users = recommendedFor(me.uid);
      if (users.length > 0 && followsToday(me.uid) + users.length > FOLLOWS_PER_DAY)
        fail(40329, 'daily follow limit');
      const now = clock.nowS();
      for (const u of users)
        await db.follows.create({ follower: me.uid, followee: u.uid, created_at: now });
      return ok({ followed: users.length });
    }),
  ),

  /** Square shares of the users I follow, newest share first. */
  http.get(
    '/api/v2/following_shares_feed',
    handle(({ request }) => {
      const me = selfOf(request);
      const followed = new Set(
        db.follows.findMany((q) => q.where({ follower: me.uid })).map((f) => f.followee),
      );
      const page = cursorPage(squareShares(null, followed), new URL(request.url));
      return ok({ data: page.data.map(shareOut), paging: page.paging });
    }),
  ),

  /**
   * Order: token, body (42200), description (42244), images (42200 unless each is a passed
   * report upload of the caller), target (40406 share, 40407 user), daily limit (40324),
   * already reported by this user (42245).
   */
  http.post(
    '/api/v1/reports',
    handle(async ({ request }) => {
      const me = selfOf(request);
      const sent = await readBody(request);
      const body = { ...sent, description: sent.description ?? '', images: sent.images ?? [] };
      if (reportDescriptionTooLong(body.description)) fail(42244, 'description too long');
      const images = [...new Set(body.images)];
      if (images.length !== body.images.length) fail(42200, 'missing parameters: images');
      for (const id of images) {
        const up = db.uploads.findFirst((q) => q.where({ id }));
        const usable =
          up?.uid === me.uid && up.purpose === 'report' && up.status === 'done' && up.passed;
        if (!usable) fail(42200, 'missing parameters: images');
      }
      const target = body.target_id.trim();
      if (body.target_kind === 'user') {
        if (!findUser(target)) fail(40407, 'user not found');
      } else if (!reportableShare(body.target_kind, target)) {
        fail(40406, 'share not found');
      }
      if (reportsToday(me.uid) >= REPORTS_PER_DAY) fail(40324, 'daily report limit');
      const again = db.reports.findFirst((q) =>
        q.where({ reporter: me.uid, target_kind: body.target_kind, target_id: target }),
      );
      if (again) fail(42245, 'already reported');
      const row = await db.reports.create({
        id: randomId('rp_'),
        reporter: me.uid,
        target_kind: body.target_kind,
        target_id: target,
        type: body.type,
        description: body.description.trim(),
        images,
        created_at: clock.nowS(),
      });
      return ok({ report_id: row.id });
    }),
  ),
];
