import type { components } from '@/api/schema.gen';
import { clock } from '../clock';
import { db, type UserRecord } from '../db';
import { fail, handle, http, ok, optionalAuth, readBody, requireAuth } from '../http';
import { nameText } from '../name-text';
import { UPLOAD_URL, checkDailyCap, uploadParams } from './upload-policy';

/**
 * Profile operations of the contract (tag `profile`): own and other users' profiles, the
 * monthly change limits, the nickname change and avatar upload access.
 */

type ProfileResponse = components['schemas']['ProfileResponse'];
type ProfileLimits = components['schemas']['ProfileLimits'];

// ------------------------------------------------------------------ limits

/** Avatar changes per calendar month (spec 1 §5, §9). */
export const AVATAR_CHANGES_PER_MONTH = 5;
/** Nickname changes per calendar month: the spec says "limited" without a number; 3 chosen. */
export const NICKNAME_CHANGES_PER_MONTH = 3;
export const NICKNAME_MAX_LENGTH = 30;

/** The calendar month (China time, UTC+8, as the product's) of a mock-clock instant, e.g. 2026-11. */
export function monthKey(ms = clock.nowMs()): string {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** This month's counters of a user (zero when no row: rows are created on first use). */
function usage(uid: string) {
  const row = db.profileLimits.findFirst((q) => q.where({ uid, month: monthKey() }));
  return { avatar: row?.avatar_used ?? 0, nickname: row?.nickname_used ?? 0 };
}

async function countChange(uid: string, kind: 'avatar' | 'nickname') {
  const month = monthKey();
  const row =
    db.profileLimits.findFirst((q) => q.where({ uid, month })) ??
    (await db.profileLimits.create({ uid, month, avatar_used: 0, nickname_used: 0 }));
  await db.profileLimits.update(row, {
    data: (r) => {
      if (kind === 'avatar') r.avatar_used += 1;
      else r.nickname_used += 1;
    },
  });
}

function limitsOf(user: UserRecord): ProfileLimits {
  const used = usage(user.uid);
  return {
    avatar: { enabled: true, total_times: AVATAR_CHANGES_PER_MONTH, used_times: used.avatar },
    // Official accounts cannot rename themselves (40334).
    nickname: {
      enabled: !user.is_official,
      total_times: NICKNAME_CHANGES_PER_MONTH,
      used_times: used.nickname,
    },
  };
}

// ------------------------------------------------------------------ nickname rules

/** Chinese (Han), English letters, digits, space, hyphen, underscore. */
const NICKNAME_CHARS = /^[\p{Script=Han}A-Za-z0-9 _-]+$/u;

/** The mock's sensitive-word list (matched case-insensitively anywhere in the nickname). */
export const SENSITIVE_WORDS = [
  '管理员',
  '客服',
  '官方',
  '系统通知',
  '赌博',
  '色情',
  '毒品',
  '代练',
  'admin',
  'official',
  'sex',
];

/** Checks a trimmed nickname; throws the contract's 4225x code. */
export function checkNickname(nickname: string): void {
  if (!nickname) fail(42250, 'nickname empty');
  if ([...nickname].length > NICKNAME_MAX_LENGTH) fail(42251, 'nickname too long');
  if (!NICKNAME_CHARS.test(nickname)) fail(42252, 'special symbols');
  const lower = nickname.toLowerCase();
  if (SENSITIVE_WORDS.some((w) => lower.includes(w))) fail(42253, 'sensitive nickname');
}

// ------------------------------------------------------------------ profiles

function findUser(uid: string): UserRecord | undefined {
  return db.users.findFirst((q) => q.where({ uid }));
}

/** The caller's account; a valid token whose user is gone is no longer valid. */
function selfOf(request: Request): UserRecord {
  const uid = requireAuth(request);
  return findUser(uid) ?? fail(40103, 'user of the token no longer exists', null, 401);
}

function follows(follower: string, followee: string): boolean {
  return !!db.follows.findFirst((q) => q.where({ follower, followee }));
}

/** A profile as `viewer` sees it (relation all false for a guest or the user themself). */
export function profileOf(user: UserRecord, viewer: string | null): ProfileResponse {
  const other = viewer !== null && viewer !== user.uid;
  return {
    user: {
      _id: user.uid,
      name: user.nickname,
      avatar: user.headimgurl,
      is_official: user.is_official,
    },
    following_count: db.follows.findMany((q) => q.where({ follower: user.uid })).length,
    follower_count: db.follows.findMany((q) => q.where({ followee: user.uid })).length,
    following: {
      is_follower: other && follows(user.uid, viewer),
      is_following: other && follows(viewer, user.uid),
    },
  };
}

// ------------------------------------------------------------------ avatar upload access

export { UPLOAD_URL, signUploadPolicy } from './upload-policy';

// ------------------------------------------------------------------ handlers

export const profileHandlers = [
  http.get(
    '/api/v2/self/profile',
    handle(({ request }) => {
      const user = selfOf(request);
      return ok(profileOf(user, user.uid));
    }),
  ),

  /** Public; `following` is computed for the viewer when a valid token comes along. */
  http.get(
    '/api/v2/users/{uid}/profile',
    handle(({ request, params }) => {
      const viewer = optionalAuth(request);
      const user = findUser(params.uid) ?? fail(40407, 'user not found');
      return ok(profileOf(user, viewer));
    }),
  ),

  /** Counters are per calendar month: a new month starts from zero. */
  http.get(
    '/api/v2/self/profile/limits',
    handle(({ request }) => ok(limitsOf(selfOf(request)))),
  ),

  /**
   * Order of checks: token (40103), body (42200), official account (40334), monthly limit
   * (40332), then the trimmed nickname: empty 42250, over 30 characters 42251, characters
   * outside Chinese/English/digits/space/-/_ 42252, sensitive 42253. The same nickname again
   * changes nothing and uses no change.
   */
  http.put(
    '/api/v2/self/profile/nickname',
    handle(async ({ request }) => {
      const user = selfOf(request);
      const body = await readBody(request);
      if (user.is_official) fail(40334, 'not modifiable');
      if (usage(user.uid).nickname >= NICKNAME_CHANGES_PER_MONTH) fail(40332, 'monthly limit');
      const nickname = nameText(body.nickname).trim();
      checkNickname(nickname);
      if (nickname === user.nickname) return ok(profileOf(user, user.uid));
      const updated =
        (await db.users.update((q) => q.where({ uid: user.uid }), {
          data: (u) => void (u.nickname = nickname),
        })) ?? user;
      await countChange(user.uid, 'nickname');
      return ok(profileOf(updated, user.uid));
    }),
  ),

  /**
   * Upload access for a new avatar: `status` 0 means granted. Refused with 40332 once the
   * month's 5 avatar changes are used (the change itself is counted when an upload passes,
   * see handlers/upload.ts), or with 40307 once the day's uploads are used.
   */
  http.get(
    '/api/v2/avatar/uploading_credentials',
    handle(({ request }) => {
      const user = selfOf(request);
      if (usage(user.uid).avatar >= AVATAR_CHANGES_PER_MONTH) fail(40332, 'monthly limit');
      checkDailyCap(user.uid, 40307);
      return ok({ status: 0, params: uploadParams(user.uid, 'avatar'), url: UPLOAD_URL });
    }),
  ),
];

/** For the upload result handler: a passed avatar uses one of the month's changes. */
export async function countAvatarChange(uid: string): Promise<void> {
  await countChange(uid, 'avatar');
}
