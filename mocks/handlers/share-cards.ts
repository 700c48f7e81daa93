import type { components } from '@/api/schema.gen';
import { countText } from '@/rules/text-count';
import { clock } from '../clock';
import { db, type StoryRecord, type UserRecord, type WorldRecord } from '../db';
import { fail } from '../http';

/**
 * What the social and square handlers share: share cards of stories and worlds, their
 * engagement, user rows with the viewer's relation, and cursor paging.
 */

type Share = components['schemas']['Share'];
type Paging = components['schemas']['Paging'];
type UserSummary = components['schemas']['UserSummary'];
type FollowRelation = components['schemas']['FollowRelation'];
type FollowUser = components['schemas']['FollowUser'];
export type ShareKind = components['schemas']['ShareKind'];

// ------------------------------------------------------------------ cursor paging

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;

/**
 * The `limit` of a cursor-paged request: 1-50, default 20. `None` (what the server's own next
 * link carries when the first request had none, spec 2 §5) and any other non-integer are
 * refused with 42200, as the real server does.
 */
export function readLimit(url: URL, fallback = DEFAULT_LIMIT): { limit: number; given: boolean } {
  const raw = url.searchParams.get('limit');
  if (raw === null) return { limit: fallback, given: false };
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_LIMIT)
    fail(42200, 'missing parameters: limit');
  return { limit: n, given: true };
}

/** The cursor is base64 of `o:<offset>`; anything else is a bad cursor (42200). */
export function encodeCursor(offset: number): string {
  return btoa(`o:${offset}`);
}

/** A cursor that is there but is not one this server issued: not a missing parameter. */
const BAD_CURSOR = 'invalid parameters: cursor is not a position this server issued';

function readCursor(url: URL): number {
  const raw = url.searchParams.get('cursor');
  if (raw === null || raw === '') return 0;
  let text: string;
  try {
    text = atob(raw);
  } catch {
    fail(42200, BAD_CURSOR);
  }
  const match = /^o:(\d{1,9})$/.exec(text);
  if (!match) fail(42200, BAD_CURSOR);
  return Number(match[1]);
}

/**
 * One cursor page of `items`. `paging.next` is the link (path + query) of the next page; when
 * the request had no `limit` the link carries `limit=None` (the server quirk spec 2 §5 tells the
 * client to drop). `has_prev` mirrors `has_next` ("more to come", spec 1 §4), as the stories
 * lists do.
 */
export function cursorPage<T>(items: readonly T[], url: URL): { data: T[]; paging: Paging } {
  const { limit, given } = readLimit(url);
  const start = readCursor(url);
  const data = items.slice(start, start + limit);
  const more = start + limit < items.length;
  let next: string | null = null;
  if (more) {
    const n = new URL(url);
    n.searchParams.set('cursor', encodeCursor(start + limit));
    n.searchParams.set('limit', given ? String(limit) : 'None');
    next = n.pathname + n.search;
  }
  return { data, paging: { has_prev: more, has_next: more, next } };
}

/** A share kind query parameter (`type` or `kind`); 42200 when missing or unknown. */
export function readKind(url: URL, name: string, required: true): ShareKind;
export function readKind(url: URL, name: string, required: false): ShareKind | null;
export function readKind(url: URL, name: string, required: boolean): ShareKind | null {
  const raw = url.searchParams.get(name);
  if (raw === null && !required) return null;
  if (raw !== 'story' && raw !== 'universe') fail(42200, `missing parameters: ${name}`);
  return raw;
}

// ------------------------------------------------------------------ users

export function findUser(uid: string): UserRecord | undefined {
  // A plain scan: the query builder takes tens of ms over the 5,000 users of many-fans.
  return db.users.all().find((u) => u.uid === uid);
}

export function userSummary(user: UserRecord | undefined, uid = user?.uid ?? ''): UserSummary {
  return {
    _id: uid,
    name: user?.nickname ?? '',
    avatar: user?.headimgurl ?? '',
    is_official: user?.is_official ?? false,
  };
}

export function isFollowing(follower: string, followee: string): boolean {
  return !!db.follows.findFirst((q) => q.where({ follower, followee }));
}

/** The relation between `viewer` and `uid` (all false for a guest or the user themself). */
export function relationOf(
  viewer: string | null,
  uid: string,
  index: FollowIndex | null = null,
): FollowRelation {
  const other = viewer !== null && viewer !== uid;
  const follows = (a: string, b: string) =>
    index ? index.edges.has(`${a}>${b}`) : isFollowing(a, b);
  return {
    is_follower: other && follows(uid, viewer),
    is_following: other && follows(viewer, uid),
  };
}

export function fanCount(uid: string): number {
  return db.follows.findMany((q) => q.where({ followee: uid })).length;
}

/** Every follow edge and fan count in one pass, for answers with many user rows. */
export interface FollowIndex {
  edges: Set<string>;
  fans: Map<string, number>;
}

export function followIndex(): FollowIndex {
  const edges = new Set<string>();
  const fans = new Map<string, number>();
  for (const f of db.follows.all()) {
    edges.add(`${f.follower}>${f.followee}`);
    fans.set(f.followee, (fans.get(f.followee) ?? 0) + 1);
  }
  return { edges, fans };
}

/**
 * The part of the follow index that one page of user rows needs: the fan counts of `uids` and
 * the edges from and to `viewer` (what `relationOf(viewer, uid)` reads), in one pass.
 */
export function followIndexFor(uids: Iterable<string>, viewer: string | null): FollowIndex {
  const edges = new Set<string>();
  const fans = new Map<string, number>();
  const wanted = new Set(uids);
  for (const f of db.follows.all()) {
    if (viewer !== null && (f.follower === viewer || f.followee === viewer))
      edges.add(`${f.follower}>${f.followee}`);
    if (wanted.has(f.followee)) fans.set(f.followee, (fans.get(f.followee) ?? 0) + 1);
  }
  return { edges, fans };
}

export function followUserOut(
  user: UserRecord,
  viewer: string | null,
  index: FollowIndex = followIndex(),
): FollowUser {
  return {
    user: userSummary(user),
    following: relationOf(viewer, user.uid, index),
    follower_count: index.fans.get(user.uid) ?? 0,
  };
}

// ------------------------------------------------------------------ shares

export type ShareRow =
  { kind: 'story'; record: StoryRecord } | { kind: 'universe'; record: WorldRecord };

const SUMMARY_MAX = 120;

function publishedChapters(storyId: string) {
  return db.chapters
    .all()
    .filter((c) => c.story_id === storyId && c.published)
    .sort((a, b) => a.order - b.order);
}

/** Distinct users who charged (tipped) the share: its cards' and public pages' supporter_count. */
export function supporterCount(shareId: string): number {
  return new Set(db.charges.findMany((q) => q.where({ share_id: shareId })).map((c) => c.uid)).size;
}

function sharedAt(row: ShareRow): number {
  return row.record.shared_at || row.record.updated_at;
}

/**
 * Every share of the given statuses, newest share first. Stories need at least one published
 * chapter when `needsChapter` (the public lists: an empty story is nothing to read).
 */
export function sharesWhere(
  filter: {
    statuses: ReadonlyArray<StoryRecord['share_status']>;
    uid?: string;
    uids?: ReadonlySet<string>;
    kind?: ShareKind | null;
  },
  needsChapter = true,
): ShareRow[] {
  const owned = (uid: string) =>
    (filter.uid === undefined || uid === filter.uid) &&
    (filter.uids === undefined || filter.uids.has(uid));
  const rows: ShareRow[] = [];
  if (filter.kind !== 'universe') {
    const withChapters = needsChapter
      ? new Set(
          db.chapters
            .all()
            .filter((c) => c.published)
            .map((c) => c.story_id),
        )
      : null;
    for (const s of db.stories.all()) {
      if (s.deleted_at > 0 || !filter.statuses.includes(s.share_status) || !owned(s.uid)) continue;
      if (withChapters && !withChapters.has(s.id)) continue;
      rows.push({ kind: 'story', record: s });
    }
  }
  if (filter.kind !== 'story') {
    for (const w of db.worlds.all()) {
      if (w.deleted || !filter.statuses.includes(w.share_status) || !owned(w.uid)) continue;
      rows.push({ kind: 'universe', record: w });
    }
  }
  return rows.sort(byNewestShare);
}

export function byNewestShare(a: ShareRow, b: ShareRow): number {
  return sharedAt(b) - sharedAt(a) || a.record.share_id.localeCompare(b.record.share_id);
}

/** Square shares only (the public lists), both kinds unless `kind` says. */
export function squareShares(kind: ShareKind | null = null, uids?: ReadonlySet<string>) {
  return sharesWhere({ statuses: ['square'], kind, uids });
}

const DAY_S = 86_400;

/**
 * The recommend tab's ranking (inferred): views count once, each supporter as 25 views, an
 * official account's work gets a pick bonus of 400; the sum decays with the share's age
 * (halved after a week).
 */
export function engagement(
  row: ShareRow,
  now = clock.nowS(),
  facts: { official: ReadonlySet<string>; supporters: ReadonlyMap<string, number> } = {
    official: officialUids(),
    supporters: supporterCounts(),
  },
): number {
  const raw =
    (row.record.view_count ?? 0) +
    25 * (facts.supporters.get(row.record.share_id) ?? 0) +
    (facts.official.has(row.record.uid) ? 400 : 0) +
    10;
  const ageDays = Math.max(0, (now - sharedAt(row)) / DAY_S);
  return raw / (1 + ageDays / 7);
}

function officialUids(): Set<string> {
  return new Set(
    db.users
      .all()
      .filter((u) => u.is_official)
      .map((u) => u.uid),
  );
}

/** Distinct supporters of every supported share. */
function supporterCounts(): Map<string, number> {
  const byShare = new Map<string, Set<string>>();
  for (const c of db.charges.all()) {
    const set = byShare.get(c.share_id) ?? new Set<string>();
    set.add(c.uid);
    byShare.set(c.share_id, set);
  }
  return new Map([...byShare].map(([id, set]) => [id, set.size]));
}

export function byEngagement(rows: ShareRow[], now = clock.nowS()): ShareRow[] {
  const facts = { official: officialUids(), supporters: supporterCounts() };
  const score = new Map(rows.map((r) => [r, engagement(r, now, facts)]));
  return [...rows].sort((a, b) => score.get(b)! - score.get(a)! || byNewestShare(a, b));
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= SUMMARY_MAX ? flat : chars.slice(0, SUMMARY_MAX - 1).join('') + '…';
}

function worldCover(id: string | null): string {
  if (!id) return '';
  const w = db.worlds.findFirst((q) => q.where({ id }));
  return w && !w.deleted ? w.cover : '';
}

/** A shared story's cover, on its card and its public page: its own, else its bound world's. */
export function storyCover(story: Pick<StoryRecord, 'cover' | 'universe_id'>): string {
  return story.cover || worldCover(story.universe_id);
}

export function shareOut(row: ShareRow): Share {
  const author = userSummary(findUser(row.record.uid), row.record.uid);
  const base = {
    share_id: row.record.share_id,
    title: row.record.title,
    author,
    shared_at: sharedAt(row),
    view_count: row.record.view_count ?? 0,
    supporter_count: supporterCount(row.record.share_id),
  };
  if (row.kind === 'story') {
    const chapters = publishedChapters(row.record.id);
    return {
      ...base,
      kind: 'story',
      summary: clip(chapters[0]?.content ?? ''),
      cover: storyCover(row.record),
      word_count: chapters.reduce((sum, c) => sum + countText(c.content), 0),
      chapter_count: chapters.length,
      entry_count: 0,
    };
  }
  return {
    ...base,
    kind: 'universe',
    summary: clip(row.record.background),
    cover: row.record.cover,
    word_count: 0,
    chapter_count: 0,
    entry_count: db.entries.findMany((q) => q.where({ universe_id: row.record.id })).length,
  };
}
