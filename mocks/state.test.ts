// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { db, type DbSnapshot } from './db';
import { squareShares } from './handlers/share-cards';
import seedJson from './seed.gen.json';
import { AUTHOR_UID } from './seed-ids';
import { SEED_ROWS_AT, SCHEMA_VERSION, migrate, startFrom } from './state';

const seed = seedJson as unknown as DbSnapshot;
const OFFICIAL = 'u_official';

/**
 * A visitor's saved data of schema 2 (before the square), as the demo stored it: the seed of
 * that time is the first rows of today's tables (SEED_ROWS_AT[2]), without the fields and
 * tables later versions added.
 */
function schema2Save(): Record<string, unknown[]> {
  const rows = SEED_ROWS_AT[2]!;
  const take = <T>(name: keyof DbSnapshot) =>
    structuredClone((seed[name] as T[] | undefined) ?? []).slice(0, rows[name] ?? 0);
  const strip = (r: Record<string, unknown>) => {
    const { shared_at: _s, view_count: _v, cover: _c, ...rest } = r;
    return 'cover' in r && 'background' in r ? { ...rest, cover: r.cover } : rest;
  };
  return {
    users: take<Record<string, unknown>>('users').map((u) => ({ ...u, headimgurl: '' })),
    follows: take('follows'),
    sessions: [],
    codes: [],
    profileLimits: [],
    benefits: take('benefits'),
    worlds: take<Record<string, unknown>>('worlds').map(strip),
    entries: take('entries'),
    stories: take<Record<string, unknown>>('stories').map(strip),
    chapters: take('chapters'),
  };
}

/** The visitor's own changes to their saved data. */
function visitorEdits(data: Record<string, unknown[]>) {
  const users = data.users as Array<Record<string, unknown>>;
  users.find((u) => u.uid === AUTHOR_UID)!.nickname = '访客改过的名字';
  const other = users.find((u) => u.uid !== AUTHOR_UID && u.uid !== OFFICIAL)!;
  other.headimgurl = '/mock-oss/files/f_visitor_avatar';
  // Unfollowed the official account.
  data.follows = (data.follows as Array<Record<string, unknown>>).filter(
    (f) => !(f.follower === AUTHOR_UID && f.followee === OFFICIAL),
  );
  // Purged a story of their own, with its chapters.
  const stories = data.stories as Array<Record<string, unknown>>;
  const purged = stories.find((s) => s.uid === AUTHOR_UID && Number(s.deleted_at) > 0)!;
  data.stories = stories.filter((s) => s !== purged);
  data.chapters = (data.chapters as Array<Record<string, unknown>>).filter(
    (c) => c.story_id !== purged.id,
  );
  // Wrote a story of their own and spent the check-in power.
  data.stories.push({ ...stories[0], id: 'n_visitor', title: '访客的故事', share_id: 's_visitor' });
  const benefits = data.benefits as Array<Record<string, unknown>>;
  benefits[0]!.checkin_words = 0;
  return { other: String(other.uid), purged: String(purged.id) };
}

describe('returning visitors: old saves are migrated with the seed data they never had', () => {
  it('a schema-2 save gets a lively square, chat games and avatars; the visitor’s edits survive', async () => {
    const data = schema2Save();
    const edits = visitorEdits(data);
    const started = await startFrom({ schema: 2, data, meta: { faults: [] } });
    expect(started.origin).toBe('migrated');

    // The square as a new visitor sees it.
    expect(db.users.all().length).toBe(seed.users.length);
    expect(squareShares().length).toBeGreaterThanOrEqual(200);
    expect(db.follows.all().length).toBeGreaterThan(250);
    expect(db.charges.all().length).toBe(seed.charges!.length);
    expect(db.chatGames.findMany((q) => q.where({ uid: AUTHOR_UID })).length).toBe(3);
    const official = db.users.findFirst((q) => q.where({ uid: OFFICIAL }))!;
    expect(official.headimgurl).toBe('/mock-oss/avatars/inkworld.svg');

    // The visitor's own data.
    const author = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!;
    expect(author.nickname).toBe('访客改过的名字');
    expect(db.users.findFirst((q) => q.where({ uid: edits.other }))!.headimgurl).toBe(
      '/mock-oss/files/f_visitor_avatar',
    );
    expect(db.stories.findFirst((q) => q.where({ id: 'n_visitor' }))?.title).toBe('访客的故事');
    expect(db.stories.findFirst((q) => q.where({ id: edits.purged }))).toBeUndefined();
    expect(db.chapters.findMany((q) => q.where({ story_id: edits.purged }))).toEqual([]);
    expect(db.follows.findFirst((q) => q.where({ follower: AUTHOR_UID, followee: OFFICIAL }))).toBe(
      undefined,
    );
    // Their power is theirs: the spent check-in power is not given back by the seed's grant,
    // one membership (from their own benefits), no seeded dialogue power or acknowledgement.
    expect(db.powerGrants.findMany((q) => q.where({ uid: AUTHOR_UID }))).toEqual([]);
    expect(db.memberships.findMany((q) => q.where({ uid: AUTHOR_UID })).length).toBe(1);
    expect(db.dialogueBenefits.findMany((q) => q.where({ uid: AUTHOR_UID }))).toEqual([]);
    expect(db.chatTrans.findMany((q) => q.where({ uid: AUTHOR_UID }))).toEqual([]);
  });

  it('a schema-4 save gets the chat games and avatars and keeps its own rows', async () => {
    const data = structuredClone(seed) as unknown as Record<string, unknown[]>;
    for (const name of Object.keys(data))
      if (name.startsWith('chat') || name === 'dialogueBenefits') delete data[name];
    for (const u of data.users as Array<Record<string, unknown>>) u.headimgurl = '';
    (data.stories as Array<Record<string, unknown>>)[0]!.title = '改过的标题';
    const state = await migrate({ schema: 4, data, meta: {} });
    expect(state!.schema).toBe(SCHEMA_VERSION);
    expect(state!.data.chatGames!.length).toBe(seed.chatGames!.length);
    expect(state!.data.chatMessages!.length).toBe(seed.chatMessages!.length);
    expect(state!.data.stories[0]!.title).toBe('改过的标题');
    expect(state!.data.stories.length).toBe(seed.stories.length);
    expect(state!.data.users.map((u) => u.headimgurl)).toEqual(seed.users.map((u) => u.headimgurl));
  });

  it('merging twice adds nothing more, and a current save is restored as it is', async () => {
    const once = await migrate({ schema: 2, data: schema2Save(), meta: {} });
    const twice = await migrate({ schema: 2, data: once!.data, meta: {} });
    for (const name of ['users', 'follows', 'stories', 'chapters', 'charges'] as const)
      expect(twice!.data[name]!.length).toBe(once!.data[name]!.length);
    const current = await migrate({ schema: SCHEMA_VERSION, data: once!.data, meta: {} });
    expect(current!.data).toEqual(once!.data);
  });
});
