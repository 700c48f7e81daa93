import { beforeEach, describe, expect, it } from 'vitest';
import { countText } from '@/rules/text-count';
import { clock } from '../clock';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import { server } from '../server';
import { aiDisabled, labClosed, powerEmpty, saveFails, streamDrops } from '../scenarios/writing';
import { LAB_TRIAL_USES, powerOf } from './writing';
import { setPower } from '../power';
import { RISKY_WORDS } from './writing-prose';
import { type Auth, call, expectError, get, ORIGIN, post, session } from './test-client';

const CHAPTER = 'c_e810wl79lf'; // the author's, in a story bound to world w_3b867cpvh0
const WORLD = 'w_3b867cpvh0';

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

const put = (path: string, body: unknown, a: Auth = auth) => call('PUT', path, { body, auth: a });

interface StreamResult {
  status: number;
  events: Array<Record<string, unknown>>;
  /** The stream broke before it ended. */
  broken: boolean;
  body: unknown;
}

/** Reads the ndjson continuation stream the way the client does. */
async function continueWriting(
  body: Record<string, unknown>,
  a: Auth = auth,
): Promise<StreamResult> {
  const res = await fetch(`${ORIGIN}/api/v1/writing/continue`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      lang: 'zh',
      ostype: 'web',
      Authorization: `Bearer ${a.access_token}`,
      uid: a.uid,
    },
    body: JSON.stringify({ chapter_id: CHAPTER, text: '', length: 100, model: 'v1', ...body }),
  });
  if (!res.ok) return { status: res.status, events: [], broken: false, body: await res.json() };
  const events: Array<Record<string, unknown>> = [];
  let text = '';
  let broken = false;
  try {
    text = await res.text();
  } catch {
    broken = true;
  }
  for (const l of text.split('\n')) if (l.trim()) events.push(JSON.parse(l));
  return { status: res.status, events, broken, body: null };
}

function cardsOf(events: StreamResult['events']): string[] {
  const cards: string[] = [];
  for (const e of events) {
    if (e.event === 'card') cards[e.index as number] = '';
    if (e.event === 'delta') cards[e.index as number] += e.text as string;
  }
  return cards;
}

const ZH_TEXT = '夜深了，城里的灯一盏盏熄灭。她站在桥上，等一个不会来的人。';

describe('GET /api/v1/chapters/{id}/content', () => {
  it('gives the author the body, the title and the bound world', async () => {
    const res = await get(`/api/v1/chapters/${CHAPTER}/content`, auth);
    expect(res.status).toBe(200);
    expect(res.body.universe_id).toBe(WORLD);
    expect(res.body.content.length).toBeGreaterThan(30);
    expect(typeof res.body.updated_at).toBe('number');
  });

  it('40103 without a token, 40418 for a missing chapter, 40330 for another author', async () => {
    expectError(await get(`/api/v1/chapters/${CHAPTER}/content`), 40103, 401);
    expectError(await get('/api/v1/chapters/c_nope/content', auth), 40418);
    const other = db.stories.findFirst((q) => q.where({ uid: 'u_sfrie8d4q4' }));
    const chapter = db.chapters.findFirst((q) => q.where({ story_id: other?.id ?? '' }));
    expect(chapter).toBeTruthy();
    expectError(await get(`/api/v1/chapters/${chapter?.id}/content`, auth), 40330);
  });
});

describe('PUT /api/v1/chapters/{id}/content', () => {
  async function base() {
    return (await get(`/api/v1/chapters/${CHAPTER}/content`, auth)).body.updated_at as number;
  }

  it('saves title and body and moves updated_at forward', async () => {
    const before = await base();
    const res = await put(`/api/v1/chapters/${CHAPTER}/content`, {
      content: '第一段\n第二段',
      name: '新标题',
      base_updated_at: before,
    });
    expect(res.status).toBe(200);
    expect(res.body.updated_at).toBeGreaterThan(before);
    const again = await get(`/api/v1/chapters/${CHAPTER}/content`, auth);
    expect(again.body).toMatchObject({ content: '第一段\n第二段', name: '新标题' });
  });

  it('42249 over 20,000 characters, exactly 20,000 is fine', async () => {
    const url = `/api/v1/chapters/${CHAPTER}/content`;
    expectError(
      await put(url, { content: '字'.repeat(20_001), name: 't', base_updated_at: await base() }),
      42249,
    );
    const res = await put(url, {
      content: '字'.repeat(20_000),
      name: 't',
      base_updated_at: await base(),
    });
    expect(res.status).toBe(200);
  });

  it('42221 sensitive content, 42200 bad body, 40920 older base, 40330 and 40418', async () => {
    const url = `/api/v1/chapters/${CHAPTER}/content`;
    const b = await base();
    expectError(
      await put(url, { content: `……${RISKY_WORDS[0]}……`, name: 't', base_updated_at: b }),
      42221,
    );
    expectError(await put(url, { content: 'x', name: 't' }), 42200);
    expectError(await put(url, { content: 'x', name: 't', base_updated_at: b - 1 }), 40920);
    expectError(
      await put('/api/v1/chapters/c_nope/content', { content: 'x', name: 't', base_updated_at: b }),
      40418,
    );
    const other = db.stories.findFirst((q) => q.where({ uid: 'u_sfrie8d4q4' }));
    const chapter = db.chapters.findFirst((q) => q.where({ story_id: other?.id ?? '' }));
    expectError(
      await put(`/api/v1/chapters/${chapter?.id}/content`, {
        content: 'x',
        name: 't',
        base_updated_at: b,
      }),
      40330,
    );
  });

  it('save-fails answers 500', async () => {
    server.use(...saveFails());
    const res = await put(`/api/v1/chapters/${CHAPTER}/content`, {
      content: 'x',
      name: 't',
      base_updated_at: await base(),
    });
    expect(res.status).toBe(500);
  });
});

describe('POST /api/v1/writing/continue', () => {
  it('streams 3 cards that continue in Chinese with glossary names, and charges the length per card', async () => {
    const before = powerOf(AUTHOR_UID);
    const res = await continueWriting({ text: ZH_TEXT, length: 100 });
    expect(res.status).toBe(200);
    const cards = cardsOf(res.events);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(countText(card)).toBeGreaterThanOrEqual(100);
      expect(card).toMatch(/[\u4e00-\u9fff]/);
    }
    const names = db.entries.findMany((q) => q.where({ universe_id: WORLD })).map((e) => e.name);
    expect(cards.join('')).toSatisfy((all: string) => names.some((n) => all.includes(n)));
    // Spec 2 §1: the requested length per successful card, 3 cards of 100 cost 300.
    expect(res.events.at(-1)).toEqual({ event: 'done', charged: 300 });
    expect(powerOf(AUTHOR_UID)).toBe(before - 300);
  });

  it('writes only the cards the balance pays for, each charged', async () => {
    await setPower(AUTHOR_UID, { pack: 250 });
    const res = await continueWriting({ text: ZH_TEXT, length: 100 });
    expect(cardsOf(res.events)).toHaveLength(2);
    expect(res.events.at(-1)).toEqual({ event: 'done', charged: 200 });
    expect(powerOf(AUTHOR_UID)).toBe(50);
    const short = await continueWriting({ text: ZH_TEXT, length: 100 });
    expectError({ status: short.status, body: short.body }, 40260);
    expect(powerOf(AUTHOR_UID)).toBe(50);
  });

  it('spends member or free power first, then activity (check-in) power, then packs (spec 2 §1)', async () => {
    await setPower(AUTHOR_UID, { member: 50, activity: 30, pack: 1000 });
    const res = await continueWriting({ text: ZH_TEXT, length: 100 });
    expect(res.events.at(-1)).toEqual({ event: 'done', charged: 300 });
    const b = db.benefits.findFirst((q) => q.where({ uid: AUTHOR_UID }));
    expect([b?.vip_words, b?.checkin_words, b?.pack_words]).toEqual([0, 0, 780]);
  });

  it('continues English text in English', async () => {
    const res = await continueWriting({
      text: 'The rain had not stopped for three days, and the river was rising.',
    });
    const names = db.entries.findMany((q) => q.where({ universe_id: WORLD })).map((e) => e.name);
    // The world's own names stay as they are; everything else is English.
    const prose = names.reduce((text, n) => text.split(n).join(''), cardsOf(res.events)[0] ?? '');
    expect(prose).toMatch(/^[\x20-\x7e]+$/);
    expect(prose).toMatch(/\b(the|and|a)\b/);
  });

  it("never uses the bound world's forbidden words", async () => {
    await db.worlds.update((q) => q.where({ id: WORLD }), {
      data: (w) =>
        void (w.forbidden_words = [
          { id: 'f1', word: '灯火' },
          { id: 'f2', word: '门' },
          { id: 'f3', word: '月光' },
        ]),
    });
    for (let i = 0; i < 5; i++) {
      const all = cardsOf((await continueWriting({ text: ZH_TEXT + i })).events).join('');
      expect(all.length).toBeGreaterThan(0);
      for (const w of ['灯火', '门', '月光']) expect(all).not.toContain(w);
    }
  });

  it('an empty-input opening card is free and single', async () => {
    const before = powerOf(AUTHOR_UID);
    const res = await continueWriting({ text: '   ' });
    expect(cardsOf(res.events)).toHaveLength(1);
    expect(res.events.at(-1)).toEqual({ event: 'done', charged: 0 });
    expect(powerOf(AUTHOR_UID)).toBe(before);
  });

  it('40420 when nothing can be written without a forbidden word, and nothing is charged', async () => {
    await db.worlds.update((q) => q.where({ id: WORLD }), {
      data: (w) =>
        void (w.forbidden_words = ['。', '”', '，'].map((word, i) => ({ id: `f${i}`, word }))),
    });
    const before = powerOf(AUTHOR_UID);
    const res = await continueWriting({ text: ZH_TEXT });
    expect(res.events).toEqual([{ event: 'error', error_code: 40420 }]);
    expect(powerOf(AUTHOR_UID)).toBe(before);
  });

  it('a stream cut mid-card (stream-drops) charges nothing', async () => {
    server.use(...streamDrops());
    const before = powerOf(AUTHOR_UID);
    const res = await continueWriting({ text: ZH_TEXT });
    expect(res.broken).toBe(true);
    expect(powerOf(AUTHOR_UID)).toBe(before);
  });

  it('40260 with zero power (power-empty), but the opening card stays free', async () => {
    await powerEmpty();
    const res = await continueWriting({ text: ZH_TEXT });
    expectError({ status: res.status, body: res.body }, 40260);
    const opening = await continueWriting({ text: '' });
    expect(opening.status).toBe(200);
  });

  it('42203 risky input, no charge; 5 hits in an hour suspend for an hour (42902)', async () => {
    const before = powerOf(AUTHOR_UID);
    for (let i = 0; i < 5; i++) {
      const res = await continueWriting({ text: `他说：${RISKY_WORDS[i % RISKY_WORDS.length]}` });
      expectError({ status: res.status, body: res.body }, 42203);
      // The refusal counts the hits of the last hour, so the client can warn before the 5th.
      expect((res.body as { content: unknown }).content).toEqual({
        risk_hits: i + 1,
        risk_limit: 5,
        window_s: 3600,
      });
    }
    expect(powerOf(AUTHOR_UID)).toBe(before);
    const blocked = await continueWriting({ text: ZH_TEXT });
    expectError({ status: blocked.status, body: blocked.body }, 42902);
    clock.shift(61 * 60 * 1000);
    const later = await continueWriting({ text: ZH_TEXT });
    expect(later.status).toBe(200);
  });

  it('42260 when AI is disabled, 42200 bad body, 40418, 40103', async () => {
    expectError({ ...(await continueWriting({ length: 10 })) }, 42200);
    expectError({ ...(await continueWriting({ chapter_id: 'c_nope' })) }, 40418);
    const res = await post('/api/v1/writing/continue', {
      chapter_id: CHAPTER,
      text: '',
      length: 100,
      model: 'v1',
    });
    expectError(res, 40103, 401);
    server.use(...aiDisabled());
    expectError({ ...(await continueWriting({ text: ZH_TEXT })) }, 42260);
  });
});

describe('GET /api/v2/stories/{storyId}/continue_writing_character', () => {
  const storyOf = (chapterId: string) =>
    db.chapters.findFirst((q) => q.where({ id: chapterId }))!.story_id;
  const characters = (storyId: string, a: Auth | undefined = auth) =>
    get(`/api/v2/stories/${storyId}/continue_writing_character`, a);

  it("answers the bound world's alive characters, recommended first", async () => {
    const res = await characters(storyOf(CHAPTER));
    expect(res.status).toBe(200);
    expect(res.body.universe_id).toBe(WORLD);
    const alive = db.entries
      .findMany((q) => q.where({ universe_id: WORLD, type: 'character' }))
      .filter((e) => e.character_status === 'alive');
    expect(res.body.data.map((c: { id: string }) => c.id).sort()).toEqual(
      alive.map((e) => e.id).sort(),
    );
    const flags = res.body.data.map((c: { is_recommended: boolean }) => c.is_recommended);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it('leaves out a dead character', async () => {
    const some = db.entries.findFirst((q) => q.where({ universe_id: WORLD, type: 'character' }))!;
    await db.entries.update((q) => q.where({ id: some.id }), {
      data: (e) => void (e.character_status = 'dead'),
    });
    const res = await characters(storyOf(CHAPTER));
    expect(res.body.data.some((c: { id: string }) => c.id === some.id)).toBe(false);
  });

  it('answers no characters for a story without a world', async () => {
    const story = storyOf(CHAPTER);
    await db.stories.update((q) => q.where({ id: story }), {
      data: (s) => void (s.universe_id = null),
    });
    const res = await characters(story);
    expect(res.body).toEqual({ universe_id: null, data: [] });
  });

  it('40103, 40402, 40330, 40418 and 40403 (bound world deleted)', async () => {
    const story = storyOf(CHAPTER);
    expectError(await get(`/api/v2/stories/${story}/continue_writing_character`), 40103, 401);
    expectError(await characters('s_nope'), 40402);
    const other = db.stories.findFirst((q) => q.where({ uid: 'u_sfrie8d4q4' }))!;
    expectError(await characters(other.id), 40330);
    await db.worlds.update((q) => q.where({ id: WORLD }), { data: (w) => void (w.deleted = true) });
    expectError(await characters(story), 40403);
    await db.stories.update((q) => q.where({ id: story }), {
      data: (s) => void (s.deleted_at = clock.nowS()),
    });
    expectError(await characters(story), 40418);
  });

  it('the continuation writes with the chosen characters only; unknown ids are 42200', async () => {
    const offered = (await characters(storyOf(CHAPTER))).body.data as {
      id: string;
      name: string;
    }[];
    expect(offered.length).toBeGreaterThan(1);
    const [chosen, ...others] = offered;
    const res = await continueWriting({ text: ZH_TEXT, character_ids: [chosen!.id] });
    expect(res.status).toBe(200);
    const text = cardsOf(res.events).join('');
    for (const o of others) if (!o.name.includes(chosen!.name)) expect(text).not.toContain(o.name);
    expectError(
      { ...(await continueWriting({ text: ZH_TEXT, character_ids: ['e_nope'] })) },
      42200,
    );
    expectError(
      { ...(await continueWriting({ text: ZH_TEXT, character_ids: [chosen!.id, chosen!.id] })) },
      42200,
    );
  });
});

describe('POST /api/v1/writing/lab', () => {
  const lab = (body: Record<string, unknown>) =>
    post(
      '/api/v1/writing/lab',
      { chapter_id: CHAPTER, action: 'rewrite', text: ZH_TEXT, instruction: '', ...body },
      auth,
    );

  it('the first uses are a free trial, then it costs power', async () => {
    const before = powerOf(AUTHOR_UID);
    for (let i = 0; i < LAB_TRIAL_USES; i++) {
      const res = await lab({});
      expect(res.body).toMatchObject({ charged: 0, trial_left: LAB_TRIAL_USES - i - 1 });
    }
    expect(powerOf(AUTHOR_UID)).toBe(before);
    const paid = await lab({ action: 'expand' });
    expect(paid.body.charged).toBe(500);
    expect(countText(paid.body.result)).toBeGreaterThanOrEqual(500);
    expect(powerOf(AUTHOR_UID)).toBe(before - 500);
    const quota = await get('/api/v1/writing/lab/quota', auth);
    expect(quota.body).toEqual({ enabled: true, trial_total: LAB_TRIAL_USES, trial_left: 0 });
  });

  it('rewrites, condenses and follows an instruction', async () => {
    const rewrite = await lab({ action: 'rewrite' });
    expect(rewrite.body.result).not.toBe(ZH_TEXT);
    const condense = await lab({ action: 'condense', text: ZH_TEXT + ZH_TEXT });
    expect(condense.body.result.length).toBeLessThan(ZH_TEXT.length * 2);
    const custom = await lab({ action: 'custom', text: '', instruction: '写一段雨夜重逢' });
    expect(custom.body.result).toMatch(/[\u4e00-\u9fff]/);
  });

  it('42200 nothing selected and no instruction, 42270 over limit, 42203 risky, 40260 no power', async () => {
    expectError(await lab({ text: '' }), 42200);
    expectError(await lab({ action: 'expand', text: '字'.repeat(501) }), 42270);
    expectError(await lab({ text: 'a'.repeat(10_001) }), 42270);
    expectError(await lab({ action: 'custom', text: '', instruction: RISKY_WORDS[3] }), 42203);
    await db.writingUsage.update((q) => q.where({ uid: AUTHOR_UID }), {
      data: (u) => void (u.lab_trial_used = LAB_TRIAL_USES),
    });
    await powerEmpty();
    expectError(await lab({}), 40260);
  });

  it('42902 while suspended, 42260 AI disabled, 40360 lab closed', async () => {
    await db.writingUsage.create({
      uid: AUTHOR_UID,
      lab_trial_used: 0,
      risk_hits: Array(5).fill(clock.nowMs()),
    });
    expectError(await lab({}), 42902);
    server.use(...aiDisabled());
    expectError(await lab({}), 42260);
    server.resetHandlers();
    server.use(...labClosed());
    expectError(await lab({}), 40360);
    expect((await get('/api/v1/writing/lab/quota', auth)).body.enabled).toBe(false);
  });
});

describe("another user's private chapter answers exactly as a missing one", () => {
  const seen = (a: { status: number; body: unknown }) => ({ status: a.status, body: a.body });

  /** Another user's story (private until shared) with one chapter. */
  async function othersChapter() {
    const theirs = await session('u_sfrie8d4q4');
    const story = (await post('/api/v1/stories', { title: '私密' }, theirs)).body;
    const chapter = (await post(`/api/v1/stories/${story.id}/chapters`, { name: '一' }, theirs))
      .body;
    return { theirs, storyId: story.id as string, chapterId: chapter.id as string };
  }

  const b = 2_000_000_000;
  const ops: Array<(chapter: string) => Promise<{ status: number; body: unknown }>> = [
    (c) => get(`/api/v1/chapters/${c}/content`, auth),
    (c) => put(`/api/v1/chapters/${c}/content`, { content: 'x', name: 't', base_updated_at: b }),
    (c) =>
      post(
        '/api/v1/writing/lab',
        { chapter_id: c, action: 'rewrite', text: ZH_TEXT, instruction: '' },
        auth,
      ),
    async (c) => {
      const r = await continueWriting({ chapter_id: c, text: ZH_TEXT });
      return { status: r.status, body: r.body };
    },
  ];

  it('content, save, lab and continuation: same status, error_code and message', async () => {
    const { chapterId } = await othersChapter();
    for (const op of ops) {
      const missing = seen(await op('c_nope'));
      expect(missing.status).toBe(404);
      expect(seen(await op(chapterId))).toEqual(missing);
    }
  });

  it('an unpublished chapter of a shared story is missing too; a published one is 40330', async () => {
    const { theirs, storyId, chapterId } = await othersChapter();
    await put(`/api/v1/stories/${storyId}/share`, { share_status: 'square' }, theirs);
    expect(seen(await get(`/api/v1/chapters/${chapterId}/content`, auth))).toEqual(
      seen(await get('/api/v1/chapters/c_nope/content', auth)),
    );
    await db.chapters.update((q) => q.where({ id: chapterId }), {
      data: (c) => void (c.published = true),
    });
    expectError(await get(`/api/v1/chapters/${chapterId}/content`, auth), 40330);
  });

  it('the characters of another user’s private story: as an unknown story', async () => {
    const { storyId } = await othersChapter();
    const path = (s: string) => `/api/v2/stories/${s}/continue_writing_character`;
    expect(seen(await get(path(storyId), auth))).toEqual(seen(await get(path('s_nope'), auth)));
  });
});
