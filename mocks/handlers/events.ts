import type { components } from '@/api/schema.gen';
import { clock } from '../clock';
import { fail, handle, http, ok } from '../http';

/**
 * Events operations of the contract (tag `events`): the product's release history behind
 * /history and the update/acknowledge dialog, and the power events behind /active. Texts in the
 * request's `lang` (zh or en; anything else 42200).
 */

type Release = components['schemas']['Release'];
type Activity = components['schemas']['Activity'];
type Lang = 'zh' | 'en';

function langOf(request: Request): Lang {
  const lang = request.headers.get('lang');
  if (lang !== 'zh' && lang !== 'en') fail(42200, 'missing parameters: lang');
  return lang;
}

const at = (y: number, m: number, d: number) => Math.floor(Date.UTC(y, m - 1, d, 2) / 1000);

interface ReleaseText {
  title: string;
  notes: string[];
}

const RELEASES: Array<{ version: string; released_at: number; zh: ReleaseText; en: ReleaseText }> =
  [
    {
      version: '3.0.0',
      released_at: at(2026, 11, 10),
      zh: {
        title: '探索存档点',
        notes: [
          '探索世界时可以随时存档，之后从任意存档点继续',
          '存档点显示当时的场景、同行角色和最近的对话',
          '世界广场的角色可以直接开始角色扮演',
          '作者主页的关注与粉丝列表更流畅，成千上万的粉丝也能顺滑滚动',
        ],
      },
      en: {
        title: 'Exploration save points',
        notes: [
          'Save your exploration of a world at any moment and carry on from any save point later',
          'Each save point shows its scene, the companions with you and the latest lines',
          "Start a role-play straight from a character on the square's worlds",
          'Follow and fan lists on author pages scroll smoothly, even with thousands of fans',
        ],
      },
    },
    {
      version: '2.1.0',
      released_at: at(2026, 8, 18),
      zh: {
        title: '搜索与举报',
        notes: [
          '顶部新增搜索框，可搜索故事、世界和作者',
          '分享页和作者主页可以举报，并附上最多 3 张图片',
          '作者头像悬停即可查看资料并关注',
        ],
      },
      en: {
        title: 'Search and reports',
        notes: [
          'A search box in the header finds stories, worlds and authors',
          'Report a share or an author, with up to 3 images',
          "Hover an author's avatar to see their profile and follow them",
        ],
      },
    },
    {
      version: '2.0.0',
      released_at: at(2026, 5, 20),
      zh: {
        title: '广场与关注',
        notes: [
          '全新的广场：推荐和最新的故事与世界',
          '关注喜欢的作者，在“关注”里第一时间看到他们的新作',
          '作者主页展示公开作品、关注和粉丝',
        ],
      },
      en: {
        title: 'The square and following',
        notes: [
          'The new square: recommended and latest stories and worlds',
          'Follow the authors you like and see their new works first in Following',
          "Author pages show an author's public works, follows and fans",
        ],
      },
    },
    {
      version: '1.4.0',
      released_at: at(2025, 12, 9),
      zh: {
        title: '世界设定',
        notes: [
          '创建世界：背景、禁用词和词条',
          '角色词条支持年龄、性别、生死状态和人物关系',
          '故事可以绑定世界，续写会遵守世界设定',
          '世界可以分享到广场或通过链接分享',
        ],
      },
      en: {
        title: 'Worlds',
        notes: [
          'Create worlds with a background, forbidden words and glossary entries',
          'Character entries have an age, gender, status and relationships',
          "Bind a story to a world: continuations keep to the world's settings",
          'Share a world to the square or by link',
        ],
      },
    },
    {
      version: '1.2.0',
      released_at: at(2025, 7, 15),
      zh: {
        title: '写作实验室',
        notes: [
          '实验室上线：扩写、润色、改写和续写建议',
          '每位用户有 3 次免费试用',
          '章节支持导出为文本和 Markdown',
        ],
      },
      en: {
        title: 'The writing lab',
        notes: [
          'The lab: expand, polish, rewrite and suggest what comes next',
          'Three free trial uses for everyone',
          'Export chapters as text or Markdown',
        ],
      },
    },
    {
      version: '1.0.0',
      released_at: at(2025, 3, 3),
      zh: {
        title: '墨境上线',
        notes: [
          '在线写作：故事、章节和自动保存',
          'AI 续写：一次给出 1 到 3 个候选段落',
          '回收站保留删除的故事 30 天',
        ],
      },
      en: {
        title: 'Inkworld launches',
        notes: [
          'Write online: stories, chapters and automatic saving',
          'AI continuation offers one to three candidate passages at a time',
          'Deleted stories stay in the recycle bin for 30 days',
        ],
      },
    },
  ];

/** The newest release: the update/acknowledge dialog shows it once per browser. */
export const LATEST_RELEASE_VERSION = RELEASES[0]!.version;

export function releasesIn(lang: Lang): Release[] {
  return RELEASES.map((r) => ({
    version: r.version,
    released_at: r.released_at,
    title: r[lang].title,
    notes: [...r[lang].notes],
  }));
}

const DAY_S = 86_400;

/** Midnight (China time) starting the month `offset` months from the mock clock's month. */
function monthStart(nowS: number, offset: number): number {
  const d = new Date((nowS + 8 * 3600) * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1) / 1000 - 8 * 3600;
}

/**
 * The power events, dated from the mock clock: the daily 500-power promotion (this month and
 * the next), an ongoing activity-power event, the next one and the last one.
 */
export function activitiesIn(lang: Lang, nowS = clock.nowS()): Activity[] {
  const today = Math.floor((nowS + 8 * 3600) / DAY_S) * DAY_S - 8 * 3600;
  const en = lang === 'en';
  const rows: Array<Omit<Activity, 'status'>> = [
    {
      id: 'daily-500',
      kind: 'daily_power',
      title: en ? 'Daily 500 power' : '每日领 500 能量',
      description: en
        ? 'Sign in and claim 500 power every day of the promotion. Claimed power is used before your pack power.'
        : '活动期间每天登录即可领取 500 能量，领取的能量优先于能量包使用。',
      power: 500,
      starts_at: monthStart(nowS, 0),
      ends_at: monthStart(nowS, 2) - 1,
    },
    {
      id: 'square-season',
      kind: 'activity_power',
      title: en ? 'Square season: share and get 2,000 power' : '广场创作季：分享作品领 2,000 能量',
      description: en
        ? 'Three weeks to bring your work to readers: share a story with at least one published chapter, or a world, to the square while the season runs. Featured picks from the season are collected on the square for everyone to read.'
        : '为期三周，把你的作品带给更多读者：活动期间将至少发布了一章的故事或一个世界分享到广场即可领取能量。本季优秀作品将收录进广场的「广场创作季精选」，供所有读者阅读。',
      power: 2000,
      starts_at: today - 6 * DAY_S,
      ends_at: today + 15 * DAY_S - 1,
    },
    {
      id: 'winter-writing',
      kind: 'activity_power',
      title: en ? 'Winter writing week' : '冬日写作周',
      description: en
        ? 'Publish a chapter on five days of the week and get 3,000 activity power.'
        : '一周内有五天发布章节，即可获得 3,000 活动能量。',
      power: 3000,
      starts_at: today + 20 * DAY_S,
      ends_at: today + 27 * DAY_S - 1,
    },
    {
      id: 'autumn-worlds',
      kind: 'activity_power',
      title: en ? 'Autumn world builders' : '秋日世界构筑赛',
      description: en
        ? 'Create a world with at least five entries and share it: 1,000 activity power.'
        : '创建一个至少有五个词条的世界并分享，即可获得 1,000 活动能量。',
      power: 1000,
      starts_at: today - 60 * DAY_S,
      ends_at: today - 40 * DAY_S - 1,
    },
  ];
  const rank = { ongoing: 0, upcoming: 1, ended: 2 } as const;
  return rows
    .map((a): Activity => {
      const status = nowS < a.starts_at ? 'upcoming' : nowS > a.ends_at ? 'ended' : 'ongoing';
      return { ...a, status };
    })
    .sort((a, b) => rank[a.status] - rank[b.status] || a.starts_at - b.starts_at);
}

export const eventsHandlers = [
  http.get(
    '/api/v1/releases',
    handle(({ request }) => ok({ data: releasesIn(langOf(request)) })),
  ),

  http.get(
    '/api/v1/activities',
    handle(({ request }) => ok({ data: activitiesIn(langOf(request)) })),
  ),
];
