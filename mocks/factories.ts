import { Faker, zh_CN, en, base } from '@faker-js/faker';
import type {
  BenefitsRecord,
  ChapterRecord,
  DbSnapshot,
  EntryRecord,
  FollowRecord,
  StoryRecord,
  UserRecord,
  WorldRecord,
} from './db';
import { md5Hex } from '@/rules/md5';
import { BRAND_AVATAR, seededAvatarUrl } from './avatars';
import { coverUrl } from './covers';
import { buildExploration } from './factories-exploration';
import { proseMark, zhParagraph, ZH_PLACES } from './prose';
import { newUser } from './users';
import { withPayments } from './factories-payments';
import { SEED_NOW } from './seed-time';

/**
 * Seeded factories. They run in Node only (the seed generator and tests): faker's locale
 * data is ~180 KB gzip, too heavy for the demo's first screen, so the browser loads the
 * JSON they produce (seed.gen.json) instead.
 */
export const SEED = 20261121;
export { SEED_NOW };
const DAY = 86400;

/** The seeded author QA and reviewers sign in as (`?scenario=signed-in`). */
export const AUTHOR = {
  uid: 'u_author',
  nickname: '墨染青衣',
  phone: '13800138000',
  email: 'author@inkworld.test',
  password: 'inkworld2026',
} as const;

export function createFaker(seed = SEED) {
  return new Faker({ locale: [zh_CN, en, base], seed });
}

type F = ReturnType<typeof createFaker>;

export function buildUser(f: F, overrides: Partial<UserRecord> = {}): UserRecord {
  const uid = overrides.uid ?? `u_${f.string.alphanumeric({ length: 10, casing: 'lower' })}`;
  return newUser({
    uid,
    nickname: f.person.lastName() + f.person.firstName(),
    phone: `13${f.string.numeric(9)}`,
    created_at: SEED_NOW - f.number.int({ min: 30, max: 700 }) * DAY,
    ...overrides,
  });
}

export function buildWorld(f: F, uid: string, overrides: Partial<WorldRecord> = {}): WorldRecord {
  const place = f.helpers.arrayElement(ZH_PLACES);
  const created = SEED_NOW - f.number.int({ min: 2, max: 200 }) * DAY;
  return {
    id: `w_${f.string.alphanumeric({ length: 10, casing: 'lower' })}`,
    uid,
    title: `${place}${f.helpers.arrayElement(['纪事', '异闻录', '风云', '往事', '志'])}`,
    background: zhParagraph((xs) => f.helpers.arrayElement(xs), f.person.fullName(), place),
    cover: '',
    forbidden_words: f.helpers
      .arrayElements(['现代', '手机', '汽车', '网络', '电脑'], { min: 1, max: 3 })
      .map((word, i) => ({ id: `fw_${i + 1}`, word })),
    share_id: `s_${f.string.alphanumeric({ length: 12, casing: 'lower' })}`,
    share_status: 'private',
    created_at: created,
    updated_at: created + f.number.int({ min: 0, max: DAY }),
    deleted: false,
    ...overrides,
  };
}

const TAGS = ['师徒', '宿敌', '挚友', '恋人', '兄妹', '同门', '救命恩人'];

export function buildEntry(
  f: F,
  world: WorldRecord,
  type: EntryRecord['type'],
  names: string[],
): EntryRecord {
  const name =
    type === 'character'
      ? f.person.lastName() + f.person.firstName()
      : f.helpers.arrayElement(['玄铁令', '归墟之门', '白鹿书院', '星陨石', '青云剑诀', '无字碑']);
  const others = names.filter((n) => n !== name);
  return {
    id: `e_${f.string.alphanumeric({ length: 10, casing: 'lower' })}`,
    universe_id: world.id,
    name,
    description: zhParagraph((xs) => f.helpers.arrayElement(xs), name).slice(0, 120),
    type,
    image: '',
    character_status: type === 'character' && f.datatype.boolean(0.15) ? 'dead' : 'alive',
    character_age:
      type === 'character'
        ? f.helpers.arrayElement(['youth', 'adult', 'elder', 'unknown'] as const)
        : 'unknown',
    character_gender:
      type === 'character' ? f.helpers.arrayElement(['male', 'female'] as const) : null,
    is_recommended: type === 'character' && f.datatype.boolean(0.6),
    character_target:
      type === 'character'
        ? f.helpers.arrayElement(['找到失踪的师父', '守住城门', '揭开身世之谜', ''])
        : '',
    character_relationships:
      type === 'character'
        ? f.helpers.arrayElements(others, { min: 0, max: Math.min(2, others.length) }).map((n) => ({
            name: n,
            locked: false,
            relationships: f.helpers.arrayElements(TAGS, { min: 1, max: 2 }),
          }))
        : [],
    created_at: world.created_at,
    updated_at: world.updated_at,
  };
}

export function buildStory(
  f: F,
  uid: string,
  universeId: string | null,
  overrides: Partial<StoryRecord> = {},
): StoryRecord {
  const created = SEED_NOW - f.number.int({ min: 1, max: 120 }) * DAY;
  return {
    id: `n_${f.string.alphanumeric({ length: 10, casing: 'lower' })}`,
    uid,
    title: f.helpers.arrayElement([
      '剑出青云',
      '雪夜行',
      '归墟',
      '长安不夜',
      '南海有灵',
      '白鹿旧事',
      '落霞孤鹜',
    ]),
    universe_id: universeId,
    share_id: `s_${f.string.alphanumeric({ length: 12, casing: 'lower' })}`,
    share_status: 'private',
    created_at: created,
    updated_at: created + f.number.int({ min: 0, max: 5 * DAY }),
    deleted_at: 0,
    ...overrides,
  };
}

export function buildChapter(
  f: F,
  story: StoryRecord,
  order: number,
  heroes: string[],
): ChapterRecord {
  const pick = <T>(xs: readonly T[]) => f.helpers.arrayElement(xs);
  const paragraphs = Array.from({ length: f.number.int({ min: 3, max: 6 }) }, () =>
    zhParagraph(pick, pick(heroes)),
  );
  return {
    id: `c_${f.string.alphanumeric({ length: 10, casing: 'lower' })}`,
    story_id: story.id,
    name: `第${'一二三四五六七八九十'[order] ?? order + 1}章 ${pick(['初见', '夜雨', '故人', '试剑', '离别', '风起'])}`,
    content: paragraphs.join('\n'),
    order,
    published: f.datatype.boolean(0.5),
    created_at: story.created_at + order * DAY,
    updated_at: story.created_at + order * DAY + 3600,
  };
}

/** Rows per table (non-empty tables only), as `SEED_ROWS_AT` in state.ts records them. */
export type RowCounts = Partial<Record<keyof DbSnapshot, number>>;

function rowCounts(data: DbSnapshot, leaveOut: ReadonlySet<string> = new Set()): RowCounts {
  const out: RowCounts = {};
  for (const [name, rows] of Object.entries(data) as Array<[keyof DbSnapshot, unknown]>)
    if (Array.isArray(rows) && rows.length > 0 && !leaveOut.has(name)) out[name] = rows.length;
  return out;
}

/**
 * The whole starting database of the demo. Deterministic for a given seed. Each later part is
 * appended after the earlier ones; `rowsAt`, when given, receives how many rows each table had
 * at the schema versions before the latest (state.ts merges the rest into older saves).
 */
export function buildSeed(seed = SEED, rowsAt?: Record<number, RowCounts>): DbSnapshot {
  const f = createFaker(seed);
  const author = buildUser(f, {
    uid: AUTHOR.uid,
    nickname: AUTHOR.nickname,
    phone: AUTHOR.phone,
    email: AUTHOR.email,
    pwd: md5Hex(AUTHOR.password),
    created_at: SEED_NOW - 400 * DAY,
    bio: '写武侠，也写一点点科幻。',
  });
  const official = buildUser(f, {
    uid: 'u_official',
    nickname: '墨境官方',
    is_official: true,
    created_at: SEED_NOW - 900 * DAY,
  });
  const others = Array.from({ length: 30 }, () => buildUser(f));
  const users = [author, official, ...others];

  const follows: FollowRecord[] = [];
  const followed = f.helpers.arrayElements(others, 8);
  for (const u of [official, ...followed])
    follows.push({
      follower: author.uid,
      followee: u.uid,
      created_at: SEED_NOW - f.number.int({ min: 1, max: 90 }) * DAY,
    });
  for (const u of f.helpers.arrayElements(others, 15))
    follows.push({
      follower: u.uid,
      followee: author.uid,
      created_at: SEED_NOW - f.number.int({ min: 1, max: 90 }) * DAY,
    });

  const worlds: WorldRecord[] = [];
  const entries: EntryRecord[] = [];
  const stories: StoryRecord[] = [];
  const chapters: ChapterRecord[] = [];

  const addWorld = (uid: string, shareStatus: WorldRecord['share_status']) => {
    const w = buildWorld(f, uid, { share_status: shareStatus });
    worlds.push(w);
    const characterNames: string[] = [];
    const made: EntryRecord[] = [];
    for (let i = 0; i < 4; i++) {
      const e = buildEntry(f, w, 'character', characterNames);
      characterNames.push(e.name);
      made.push(e);
    }
    for (let i = 0; i < 2; i++) made.push(buildEntry(f, w, 'normal', []));
    entries.push(...made);
    return { world: w, heroes: characterNames };
  };

  const authorWorlds = [
    addWorld(author.uid, 'square'),
    addWorld(author.uid, 'link'),
    addWorld(author.uid, 'private'),
  ];
  for (const [i, aw] of authorWorlds.entries()) {
    const s = buildStory(f, author.uid, i < 2 ? aw.world.id : null, {
      share_status: i === 0 ? 'square' : 'private',
    });
    stories.push(s);
    const n = f.number.int({ min: 3, max: 5 });
    for (let c = 0; c < n; c++) chapters.push(buildChapter(f, s, c, aw.heroes));
  }
  const trashed = buildStory(f, author.uid, null, {
    deleted_at: SEED_NOW - 2 * DAY,
    title: '废稿：无名',
  });
  stories.push(trashed);
  chapters.push(buildChapter(f, trashed, 0, ['无名']));

  // Public works of other authors, for the square and profiles.
  for (const u of others.slice(0, 6)) {
    const ow = addWorld(u.uid, 'square');
    const s = buildStory(f, u.uid, ow.world.id, { share_status: 'square' });
    stories.push(s);
    for (let c = 0; c < 2; c++) chapters.push(buildChapter(f, s, c, ow.heroes));
  }

  const benefits: BenefitsRecord[] = [
    {
      uid: author.uid,
      vip_words: 100000,
      pack_words: 20000,
      vip_expiry: SEED_NOW + 20 * DAY,
      checkin_words: 500,
      checkin_expiry: SEED_NOW + 40 * DAY,
    },
  ];

  // Chat games of the author (issue 14, schema 5): their own faker, nothing earlier shifts.
  const exploration = buildExploration(
    createFaker(seed + 14),
    { worlds, entries },
    AUTHOR.uid,
    SEED_NOW,
  );
  const base: DbSnapshot = {
    users,
    follows,
    sessions: [],
    codes: [],
    profileLimits: [],
    benefits,
    worlds,
    entries,
    stories,
    chapters,
    ...exploration,
  };
  const later = new Set(Object.keys(exploration));
  if (rowsAt) rowsAt[2] = rowCounts(base, later);
  // The square (schema 3).
  const square = withSquare(base, seed);
  if (rowsAt) rowsAt[3] = rowCounts(square, later);
  // Payments, memberships and supporters (issue 15, schema 4): their own faker, nothing earlier shifts.
  const paid = withPayments(square, createFaker(seed + 15), SEED_NOW);
  if (rowsAt) rowsAt[4] = rowCounts(paid, later);
  // Avatars (issue 13): their own faker, nothing earlier shifts.
  return withAvatars(paid, createFaker(seed + 16));
}

/**
 * Seeded users who keep the default avatar, about one in ten, so the placeholder stays visible:
 * the signed-in author (whose own avatar upload then starts from the placeholder) and a few others.
 */
const DEFAULT_AVATAR_OTHERS = 4;

/**
 * Avatars of the seeded users, drawn by the storage host from their uid (mocks/avatars.ts);
 * the official account shows the product's mark. Only `headimgurl` changes.
 */
function withAvatars(data: DbSnapshot, g: F): DbSnapshot {
  const candidates = data.users.filter((u) => u.uid !== AUTHOR.uid && !u.is_official);
  const plain = new Set([
    AUTHOR.uid,
    ...g.helpers.arrayElements(candidates, DEFAULT_AVATAR_OTHERS).map((u) => u.uid),
  ]);
  for (const u of data.users) {
    if (plain.has(u.uid)) continue;
    u.headimgurl = seededAvatarUrl(u.is_official ? BRAND_AVATAR : u.uid);
  }
  return data;
}

// ------------------------------------------------------------------ the square (issue 13)

const SQUARE_AUTHORS = 16;
/** At least this many square shares in the seed (stories and worlds together). */
export const SQUARE_SHARES_MIN = 200;

const ZH_TITLE_HEADS = [
  '星河',
  '长夜',
  '归途',
  '霜降',
  '山海',
  '青灯',
  '孤城',
  '云梦',
  '烟雨',
  '风月',
  '剑冢',
  '龙渊',
  '白塔',
  '镜湖',
  '雾港',
  '折枝',
  '听潮',
  '逐光',
  '不眠',
  '残雪',
  '灯塔',
  '月下',
  '北境',
  '浮生',
];
const ZH_TITLE_TAILS = [
  '纪',
  '录',
  '行',
  '志',
  '传',
  '谣',
  '梦',
  '书',
  '异闻',
  '之歌',
  '往事',
  '夜话',
];
const EN_TITLES = [
  'The Lantern Keeper',
  'Salt and Iron',
  'A Map of Quiet Places',
  'The Last Ferry',
  'Glass Orchard',
  'Northbound',
  "The Clockmaker's Daughter",
  'Ash Harbour',
  'Letters to the Tide',
  'Hollow Crown',
  'The Long Winter Road',
  'Paper Moons',
];
const EN_NAMES = [
  'Mira Vale',
  'Jonah Reed',
  'Elsie Harper',
  'Theo Marsh',
  'Ada Quill',
  'Rowan Hale',
];
const OFFICIAL_TITLES = [
  '墨境写作入门',
  '官方示例世界：云海仙宗',
  '新手指南：如何写好第一章',
  '官方示例世界：星港',
  '墨境周年故事集',
  '广场创作季精选',
];
const BIOS = [
  '写武侠，也写科幻。',
  '业余写手，日更中。',
  '喜欢搭世界观多过写故事。',
  'Writing slow fantasy.',
  '只写短篇。',
  '',
];
const CHARGE_MESSAGES = [
  '写得真好，期待更新！',
  '催更！',
  '这个世界观太喜欢了',
  'Lovely world.',
  '',
  '支持作者',
];

/**
 * The square's data, added after the original seed with its own faker (seed + 13) so every
 * earlier record keeps its values: 16 more authors (English and Chinese pen names), square
 * shares for almost everyone (200+ in all, covers on nearly all), follows among them both ways
 * (none touching u_author, whose 9 follows and 15 fans stay), views and supports (charges).
 */
function withSquare(data: DbSnapshot, seed: number): DbSnapshot {
  const g = createFaker(seed + 13);
  const pick = <T>(xs: readonly T[]) => g.helpers.arrayElement(xs);
  const id = (prefix: string, n = 10) =>
    `${prefix}${g.string.alphanumeric({ length: n, casing: 'lower' })}`;

  // Existing shares: a share time (their last update) and some views.
  for (const row of [...data.stories, ...data.worlds]) {
    const shared = row.share_status === 'square' || row.share_status === 'link';
    row.shared_at = shared ? row.updated_at : 0;
    row.view_count = shared ? g.number.int({ min: 5, max: 400 }) : 0;
  }

  const english = new Set<string>();
  const newAuthors = Array.from({ length: SQUARE_AUTHORS }, (_, i) => {
    const en = i < EN_NAMES.length;
    const u = buildUser(g, {
      ...(en ? { nickname: EN_NAMES[i]! } : {}),
      bio: pick(BIOS),
    });
    if (en) english.add(u.uid);
    return u;
  });
  data.users.push(...newAuthors);

  const official = data.users.find((u) => u.is_official)!;
  const authors = data.users.filter((u) => u.uid !== AUTHOR.uid);
  let count = [...data.stories, ...data.worlds].filter((r) => r.share_status === 'square').length;
  let officialTitle = 0;

  const addShare = (uid: string) => {
    const en = english.has(uid);
    const isOfficial = uid === official.uid;
    const title = isOfficial
      ? OFFICIAL_TITLES[officialTitle++ % OFFICIAL_TITLES.length]!
      : en
        ? pick(EN_TITLES)
        : pick(ZH_TITLE_HEADS) + pick(ZH_TITLE_TAILS);
    const sharedAt = SEED_NOW - g.number.int({ min: 600, max: 75 * DAY });
    const created = sharedAt - g.number.int({ min: DAY, max: 30 * DAY });
    const views = Math.floor(g.number.float({ min: 0, max: 1 }) ** 3 * 6000);
    const cover = g.datatype.boolean(0.96) ? coverUrl(id('c-', 8)) : '';
    const world = isOfficial ? title.includes('世界') : g.datatype.boolean(0.45);
    const hero = en ? pick(EN_NAMES).split(' ')[0]! : g.person.lastName() + g.person.firstName();
    if (world) {
      const w: WorldRecord = {
        id: id('w_'),
        uid,
        title,
        background: proseMark(en ? 'en' : 'zh', g.number.int(1e9), hero),
        cover,
        forbidden_words: [],
        share_id: id('s_', 12),
        share_status: 'square',
        created_at: created,
        updated_at: sharedAt,
        deleted: false,
        shared_at: sharedAt,
        view_count: views,
      };
      data.worlds.push(w);
      const names = [
        hero,
        en ? pick(EN_NAMES).split(' ')[0]! : g.person.lastName() + g.person.firstName(),
      ];
      names.forEach((name, i) =>
        data.entries.push(
          compactEntry(g, w, 'character', name, i === 0 || g.datatype.boolean(0.5), en),
        ),
      );
      data.entries.push(
        compactEntry(g, w, 'normal', pick(['玄铁令', '归墟之门', '星陨石', '无字碑']), false, en),
      );
    } else {
      const s: StoryRecord = {
        id: id('n_'),
        uid,
        title,
        universe_id: null,
        share_id: id('s_', 12),
        share_status: 'square',
        created_at: created,
        updated_at: sharedAt,
        deleted_at: 0,
        shared_at: sharedAt,
        view_count: views,
        cover,
      };
      data.stories.push(s);
      const n = g.number.int({ min: 1, max: 3 });
      for (let c = 0; c < n; c++) {
        data.chapters.push({
          id: id('c_'),
          story_id: s.id,
          name: en
            ? `Chapter ${c + 1}`
            : `第${'一二三'[c]}章 ${pick(['初见', '夜雨', '故人', '试剑', '离别', '风起'])}`,
          content: proseMark(en ? 'en' : 'zh', g.number.int(1e9), hero, en ? 1 : 2),
          order: c,
          published: true,
          created_at: created + c * 3600,
          updated_at: sharedAt - (n - c) * 60,
        });
      }
    }
    count++;
  };

  for (let i = 0; i < 6; i++) addShare(official.uid);
  for (const u of authors) {
    if (u.is_official) continue;
    const n = g.number.int({ min: 2, max: 6 });
    for (let i = 0; i < n; i++) addShare(u.uid);
  }
  while (count < SQUARE_SHARES_MIN + 5) addShare(pick(authors.filter((u) => !u.is_official)).uid);

  // Follows among the other authors, both ways; most of them follow the official account.
  const seen = new Set(data.follows.map((f) => `${f.follower}>${f.followee}`));
  const addFollow = (follower: string, followee: string) => {
    const key = `${follower}>${followee}`;
    if (follower === followee || seen.has(key)) return;
    seen.add(key);
    data.follows.push({
      follower,
      followee,
      created_at: SEED_NOW - g.number.int({ min: 1, max: 120 }) * DAY,
    });
  };
  for (const u of authors) {
    if (!u.is_official && g.datatype.boolean(0.7)) addFollow(u.uid, official.uid);
    for (const other of g.helpers.arrayElements(authors, { min: 2, max: 8 }))
      addFollow(u.uid, other.uid);
  }

  // Supports of shares by other users (supporter_count), favouring the most viewed works.
  const squareRows = [...data.stories, ...data.worlds].filter((r) => r.share_status === 'square');
  const popular = [...squareRows].sort((a, b) => (b.view_count ?? 0) - (a.view_count ?? 0));
  data.charges = [];
  for (const [rank, row] of popular.entries()) {
    const supporters =
      rank < 20 ? g.number.int({ min: 2, max: 8 }) : g.datatype.boolean(0.3) ? 1 : 0;
    for (const u of g.helpers.arrayElements(
      authors.filter((a) => a.uid !== row.uid),
      supporters,
    )) {
      data.charges.push({
        id: id('ch_'),
        share_id: row.share_id,
        uid: u.uid,
        amount: pick([100, 500, 1000, 5000]),
        message: pick(CHARGE_MESSAGES),
        created_at: (row.shared_at || row.updated_at) + g.number.int({ min: 600, max: 5 * DAY }),
      });
    }
  }
  return data;
}

function compactEntry(
  g: F,
  world: WorldRecord,
  type: EntryRecord['type'],
  name: string,
  recommended: boolean,
  en: boolean,
): EntryRecord {
  const character = type === 'character';
  return {
    id: `e_${g.string.alphanumeric({ length: 10, casing: 'lower' })}`,
    universe_id: world.id,
    name,
    description: proseMark(en ? 'en' : 'zh', g.number.int(1e9), name, 1, 60),
    type,
    image: '',
    character_status: 'alive',
    character_age: character
      ? g.helpers.arrayElement(['youth', 'adult', 'elder'] as const)
      : 'unknown',
    character_gender: character ? g.helpers.arrayElement(['male', 'female'] as const) : null,
    is_recommended: character && recommended,
    character_target: '',
    character_relationships: [],
    created_at: world.created_at,
    updated_at: world.updated_at,
  };
}
