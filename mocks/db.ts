import { Collection } from '@msw/data';
import * as v from 'valibot';
import { FEEDBACK_CATEGORIES } from '@/rules/feedback';
import {
  chat,
  chatArchive,
  chatGame,
  chatMessage,
  chatOption,
  chatTrans,
  chatUniverse,
  dialogueBenefits,
  type ChatArchiveRecord,
  type ChatGameRecord,
  type ChatMessageRecord,
  type ChatOptionRecord,
  type ChatRecord,
  type ChatTransRecord,
  type ChatUniverseRecord,
  type DialogueBenefitsRecord,
} from './exploration-tables';
import {
  membership,
  payment,
  powerGrant,
  type MembershipRecord,
  type PaymentRecord,
  type PowerGrantRecord,
} from './payment-tables';
import { PROSE_MARK, expandProse } from './prose';

/**
 * The mock backend's database: one @msw/data collection per server-side table, validated
 * by valibot schemas (Standard Schema). State is per user where the real service's is.
 * Later issues add their tables here.
 */
const user = v.object({
  uid: v.string(),
  nickname: v.string(),
  headimgurl: v.string(),
  phone: v.string(),
  callcode: v.string(),
  email: v.string(),
  /** md5 hex of the password, as the client sends it. Empty: no password set. */
  pwd: v.string(),
  created_at: v.number(),
  model_length: v.number(),
  model_type: v.string(),
  shut: v.boolean(),
  shut_time: v.number(),
  shut_end_time: v.number(),
  is_official: v.boolean(),
  bio: v.string(),
});

const follow = v.object({
  follower: v.string(),
  followee: v.string(),
  created_at: v.number(),
});

const session = v.object({
  uid: v.string(),
  access_token: v.string(),
  refresh_token: v.string(),
  /** Seconds since the epoch, as in the token. */
  exp: v.number(),
  refresh_exp: v.number(),
  revoked: v.boolean(),
  /**
   * The login this session descends from by rotation (mocks/tokens.ts): a replayed refresh
   * token revokes every session of its family. Optional: older saves have none (the row is then
   * a family of its own).
   */
  family: v.optional(v.string()),
});

const verificationCode = v.object({
  codeid: v.string(),
  /** Phone number (with callcode) or e-mail address. */
  target: v.string(),
  purpose: v.string(),
  code: v.string(),
  /** Unix milliseconds (mock clock), so the 60 s resend window is exact. */
  sent_at: v.number(),
  /** Unix milliseconds (mock clock). */
  expires_at: v.number(),
  /** Spent by the call it was sent for (login, reset, bind, account creation). */
  used: v.boolean(),
  /**
   * Unix milliseconds when confirmed_code accepted it (checked but not spent); an e-mail
   * account creation needs such a confirmation. Absent until then (and in older snapshots).
   */
  confirmed_at: v.optional(v.number()),
});

const profileLimit = v.object({
  uid: v.string(),
  /** Calendar month the counters belong to, e.g. 2026-11. */
  month: v.string(),
  avatar_used: v.number(),
  nickname_used: v.number(),
});

const benefits = v.object({
  uid: v.string(),
  vip_words: v.number(),
  pack_words: v.number(),
  vip_expiry: v.number(),
  checkin_words: v.number(),
  checkin_expiry: v.number(),
});

const world = v.object({
  id: v.string(),
  uid: v.string(),
  title: v.string(),
  background: v.string(),
  cover: v.string(),
  forbidden_words: v.array(v.object({ id: v.string(), word: v.string() })),
  share_id: v.string(),
  share_status: v.picklist(['square', 'link', 'private', 'banned']),
  created_at: v.number(),
  updated_at: v.number(),
  deleted: v.boolean(),
  /** Seconds when last shared to the square or by link; absent or 0 when never shared. */
  shared_at: v.optional(v.number()),
  /** Views of the public page by others (getSharedWorld). Absent: 0. */
  view_count: v.optional(v.number()),
});

const entry = v.object({
  id: v.string(),
  universe_id: v.string(),
  name: v.string(),
  description: v.string(),
  type: v.picklist(['normal', 'character']),
  image: v.string(),
  character_status: v.picklist(['alive', 'dead']),
  character_age: v.picklist(['youth', 'adult', 'elder', 'unknown']),
  character_gender: v.nullable(v.picklist(['male', 'female', 'unknown'])),
  is_recommended: v.boolean(),
  character_target: v.string(),
  character_relationships: v.array(
    v.object({ name: v.string(), locked: v.boolean(), relationships: v.array(v.string()) }),
  ),
  created_at: v.number(),
  updated_at: v.number(),
});

const story = v.object({
  id: v.string(),
  uid: v.string(),
  title: v.string(),
  universe_id: v.nullable(v.string()),
  share_id: v.string(),
  share_status: v.picklist(['square', 'link', 'private', 'banned']),
  created_at: v.number(),
  updated_at: v.number(),
  /** Seconds since the epoch when moved to the recycle bin; 0 when not deleted. */
  deleted_at: v.number(),
  /** Seconds when last shared to the square or by link; absent or 0 when never shared. */
  shared_at: v.optional(v.number()),
  /** Views of the public page by others (getSharedStory). Absent: 0. */
  view_count: v.optional(v.number()),
  /** Cover of the story's share card; absent or empty: the bound world's cover, if any. */
  cover: v.optional(v.string()),
});

const chapter = v.object({
  id: v.string(),
  story_id: v.string(),
  name: v.string(),
  content: v.string(),
  order: v.number(),
  published: v.boolean(),
  created_at: v.number(),
  updated_at: v.number(),
});

/** Per-user AI writing counters (lab trial uses, risk hits of the last hour); absent from the seed. */
const writingUsage = v.object({
  uid: v.string(),
  lab_trial_used: v.number(),
  /** Unix milliseconds (mock clock) of each risky input refused. */
  risk_hits: v.array(v.number()),
});

/**
 * Uploaded images of the mock storage host. The image itself is kept as a data URL so it still
 * shows after a reload (the demo persists the db to localStorage; the host refuses files over
 * 1 MiB, see handlers/upload-policy.ts). Rejected and superseded images keep their row (the
 * daily upload count needs it) but drop their data.
 */
const upload = v.object({
  /** File id: the image id of the audit call and the last segment of the served url. */
  id: v.string(),
  query_id: v.string(),
  uid: v.string(),
  purpose: v.picklist(['avatar', 'cover', 'entry', 'exploration', 'report']),
  /** Entry id for entry images and exploration avatars; empty otherwise. */
  target: v.string(),
  content_type: v.string(),
  size: v.number(),
  data_url: v.string(),
  /** Unix milliseconds (mock clock). */
  created_at: v.number(),
  /** Result polls left before the audit finishes. */
  polls_left: v.number(),
  status: v.picklist(['pending', 'done']),
  passed: v.boolean(),
});

/**
 * Supports (tips) of a shared work: `supporter_count` of a share card counts its distinct
 * uids. Minimal on purpose; the payments work extends it.
 */
const charge = v.object({
  id: v.string(),
  /** The share id of the story or world supported. */
  share_id: v.string(),
  uid: v.string(),
  amount: v.number(),
  message: v.string(),
  /** Seconds since the epoch. */
  created_at: v.number(),
  /** The charging option paid with (chargeShare); absent in rows from before schema 4. */
  option_id: v.optional(v.string()),
});

/** Reports of shared works and users (createReport). */
const report = v.object({
  id: v.string(),
  reporter: v.string(),
  target_kind: v.picklist(['story', 'universe', 'user']),
  target_id: v.string(),
  type: v.string(),
  description: v.string(),
  /** File ids of passed report uploads. */
  images: v.array(v.string()),
  /** Seconds since the epoch. */
  created_at: v.number(),
});

/** Feedback and appeals (the inferred `createFeedback`). */
const feedback = v.object({
  id: v.string(),
  uid: v.string(),
  category: v.picklist(FEEDBACK_CATEGORIES),
  content: v.string(),
  /** Seconds since the epoch. */
  created_at: v.number(),
});

export const schemas = {
  user,
  follow,
  session,
  verificationCode,
  profileLimit,
  benefits,
  world,
  entry,
  story,
  chapter,
  upload,
  writingUsage,
  charge,
  report,
  feedback,
  chatGame,
  chat,
  chatMessage,
  chatOption,
  chatArchive,
  chatUniverse,
  chatEntry: entry,
  dialogueBenefits,
  chatTrans,
  powerGrant,
  membership,
  payment,
};

export type UserRecord = v.InferOutput<typeof user>;
export type FollowRecord = v.InferOutput<typeof follow>;
export type SessionRecord = v.InferOutput<typeof session>;
export type VerificationCodeRecord = v.InferOutput<typeof verificationCode>;
export type ProfileLimitRecord = v.InferOutput<typeof profileLimit>;
export type BenefitsRecord = v.InferOutput<typeof benefits>;
export type WorldRecord = v.InferOutput<typeof world>;
export type EntryRecord = v.InferOutput<typeof entry>;
export type StoryRecord = v.InferOutput<typeof story>;
export type ChapterRecord = v.InferOutput<typeof chapter>;
export type UploadRecord = v.InferOutput<typeof upload>;
export type WritingUsageRecord = v.InferOutput<typeof writingUsage>;
export type ChargeRecord = v.InferOutput<typeof charge>;
export type ReportRecord = v.InferOutput<typeof report>;
export type FeedbackRecord = v.InferOutput<typeof feedback>;
export type { MembershipRecord, PaymentRecord, PowerGrantRecord };
export type {
  ChatArchiveRecord,
  ChatGameRecord,
  ChatMessageRecord,
  ChatOptionRecord,
  ChatRecord,
  ChatTransRecord,
  ChatUniverseRecord,
  DialogueBenefitsRecord,
};

export const db = {
  users: new Collection({ schema: user }),
  follows: new Collection({ schema: follow }),
  sessions: new Collection({ schema: session }),
  codes: new Collection({ schema: verificationCode }),
  profileLimits: new Collection({ schema: profileLimit }),
  benefits: new Collection({ schema: benefits }),
  worlds: new Collection({ schema: world }),
  entries: new Collection({ schema: entry }),
  stories: new Collection({ schema: story }),
  chapters: new Collection({ schema: chapter }),
  uploads: new Collection({ schema: upload }),
  writingUsage: new Collection({ schema: writingUsage }),
  charges: new Collection({ schema: charge }),
  reports: new Collection({ schema: report }),
  feedback: new Collection({ schema: feedback }),
  chatGames: new Collection({ schema: chatGame }),
  chats: new Collection({ schema: chat }),
  chatMessages: new Collection({ schema: chatMessage }),
  chatOptions: new Collection({ schema: chatOption }),
  chatArchives: new Collection({ schema: chatArchive }),
  chatUniverses: new Collection({ schema: chatUniverse }),
  /** Entries of the games' world copies (same shape as a world's; `universe_id` is the copy). */
  chatEntries: new Collection({ schema: entry }),
  dialogueBenefits: new Collection({ schema: dialogueBenefits }),
  chatTrans: new Collection({ schema: chatTrans }),
  powerGrants: new Collection({ schema: powerGrant }),
  memberships: new Collection({ schema: membership }),
  payments: new Collection({ schema: payment }),
};

export type Db = typeof db;
export type TableName = keyof Db;
export const TABLES = Object.keys(db) as TableName[];

/** A plain JSON image of every table: what the seed file and the browser snapshot hold. */
export type DbSnapshot = {
  users: UserRecord[];
  follows: FollowRecord[];
  sessions: SessionRecord[];
  codes: VerificationCodeRecord[];
  profileLimits: ProfileLimitRecord[];
  benefits: BenefitsRecord[];
  worlds: WorldRecord[];
  entries: EntryRecord[];
  stories: StoryRecord[];
  chapters: ChapterRecord[];
  /** Optional: the seed has none; it fills as users upload images. */
  uploads?: UploadRecord[];
  /** Optional: the seed has none; it fills as users write. */
  writingUsage?: WritingUsageRecord[];
  /** Optional in older snapshots (before schema 3). */
  charges?: ChargeRecord[];
  /** Optional: the seed has none; it fills as users report. */
  reports?: ReportRecord[];
  /** Optional: the seed has none; it fills as users send feedback. */
  feedback?: FeedbackRecord[];
  /** Exploration tables: optional, so a snapshot from before them restores with none. */
  chatGames?: ChatGameRecord[];
  chats?: ChatRecord[];
  chatMessages?: ChatMessageRecord[];
  chatOptions?: ChatOptionRecord[];
  chatArchives?: ChatArchiveRecord[];
  chatUniverses?: ChatUniverseRecord[];
  chatEntries?: EntryRecord[];
  dialogueBenefits?: DialogueBenefitsRecord[];
  chatTrans?: ChatTransRecord[];
  /** Money side (mocks/payment-tables.ts): optional, none before schema 4. */
  powerGrants?: PowerGrantRecord[];
  memberships?: MembershipRecord[];
  payments?: PaymentRecord[];
};

export function snapshot(): DbSnapshot {
  const out = {} as Record<TableName, unknown[]>;
  for (const name of TABLES) out[name] = db[name].all().map((r) => ({ ...r }));
  return out as DbSnapshot;
}

let restores = 0;
/** How many times restore() has run, so a host can tell its own snapshot is the last one. */
export const restoreCount = () => restores;

export async function restore(data: Partial<DbSnapshot>): Promise<void> {
  restores += 1;
  for (const name of TABLES) {
    db[name].clear();
    const rows = (data[name] ?? []) as unknown[];
    for (const row of rows.map(expandRow)) {
      // Each collection validates its own rows; a stale snapshot with a bad row throws and
      // the caller falls back to the seed.
      await (db[name] as Collection<never>).create(row as never);
    }
  }
}

/** Writes out the compact text marks of the seed (mocks/prose.ts) in the fields that use them. */
function expandRow(row: unknown): unknown {
  if (!row || typeof row !== 'object') return row;
  const r = row as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const field of ['content', 'background', 'description']) {
    const value = r[field];
    if (typeof value === 'string' && value.startsWith(PROSE_MARK)) {
      out ??= { ...r };
      out[field] = expandProse(value);
    }
  }
  return out ?? row;
}

/**
 * Calls `listener` after any record of any table is created, updated or deleted, so a host
 * can persist every acknowledged write before it answers. Returns the unsubscribe.
 */
export function onDbChange(listener: () => void): () => void {
  const off: Array<() => void> = [];
  for (const name of TABLES) {
    const hooks = (db[name] as Collection<never>).hooks;
    for (const type of ['create', 'update', 'delete'] as const) {
      const fn = () => listener();
      hooks.on(type, fn);
      off.push(() => hooks.removeListener(type, fn));
    }
  }
  return () => off.forEach((f) => f());
}
