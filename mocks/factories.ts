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
import { zhParagraph, ZH_PLACES } from './prose';
import { newUser } from './users';

/**
 * Seeded factories. They run in Node only (the seed generator and tests): faker's locale
 * data is ~180 KB gzip, too heavy for the demo's first screen, so the browser loads the
 * JSON they produce (seed.gen.json) instead.
 */
export const SEED = 20261121;
/** Fixed clock of the seed (seconds), so the file is byte-stable. */
export const SEED_NOW = Math.floor(Date.UTC(2026, 10, 15, 8, 0, 0) / 1000);
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

/** The whole starting database of the demo. Deterministic for a given seed. */
export function buildSeed(seed = SEED): DbSnapshot {
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

  return {
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
  };
}
