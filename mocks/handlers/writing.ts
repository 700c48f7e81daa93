import { HttpResponse, delay } from 'msw';
import type { components } from '@/api/schema.gen';
import { affordableCards, cardPrice, continuationCharge } from '@/rules/continuation';
import { powerBalance } from '@/rules/power';
import { countText, isTooLong } from '@/rules/text-count';
import { clock } from '../clock';
import { db, type ChapterRecord, type StoryRecord, type WritingUsageRecord } from '../db';
import { fail, handle, http, latency, ok, readBody, requireAuth } from '../http';
import { spendPower, syncPower } from '../power';
import {
  condenseProse,
  detectLanguage,
  expandProse,
  findRisky,
  hashString,
  rewriteProse,
  writeProse,
  type ProseContext,
  type ProseLanguage,
} from './writing-prose';
import { purgeExpired, refuseOthersStory } from './stories';
import { checkTitle } from './stories';

type ContinueEvent = components['schemas']['ContinueEvent'];

/** Spec 1 §5, §9. */
export const CHAPTER_LIMIT = 20_000;
export const LAB_TRIAL_USES = 3;
export const LAB_EXPAND_TARGET = 500;
export const LAB_LIMITS = { expand: 500, rewrite: 1000, condense: 1000, custom: 1000 } as const;
export const LAB_MIN_COST = 50;
export const RISK_WINDOW_MS = 60 * 60 * 1000;
export const RISK_HITS_TO_SUSPEND = 5;

// ------------------------------------------------------------------ shared rules

function ownChapter(uid: string, id: string): { chapter: ChapterRecord; story: StoryRecord } {
  const chapter = db.chapters.findFirst((q) => q.where({ id }));
  const story = chapter && db.stories.findFirst((q) => q.where({ id: chapter.story_id }));
  if (!chapter || !story || story.deleted_at !== 0) fail(40418, 'chapter not found');
  if (story.uid !== uid) {
    // Only a published chapter of a shared story is known to others: any other chapter of
    // someone else answers exactly as a missing one.
    if (story.share_status === 'private' || !chapter.published) fail(40418, 'chapter not found');
    fail(40330, 'no permission');
  }
  return { chapter, story };
}

function toContent(chapter: ChapterRecord, story: StoryRecord) {
  return {
    id: chapter.id,
    story_id: story.id,
    story_title: story.title,
    universe_id: story.universe_id,
    name: chapter.name,
    content: chapter.content,
    updated_at: chapter.updated_at,
  };
}

async function usageOf(uid: string): Promise<WritingUsageRecord> {
  return (
    db.writingUsage.findFirst((q) => q.where({ uid })) ??
    (await db.writingUsage.create({ uid, lab_trial_used: 0, risk_hits: [] }))
  );
}

function recentHits(usage: WritingUsageRecord): number[] {
  const since = clock.nowMs() - RISK_WINDOW_MS;
  return usage.risk_hits.filter((t) => t > since);
}

/** Spec 1 §8: after 5 risk hits in one hour, creation is suspended for 1 hour (appeal possible). */
async function assertNotSuspended(uid: string) {
  const hits = recentHits(await usageOf(uid));
  if (hits.length >= RISK_HITS_TO_SUSPEND) {
    const until = (hits[hits.length - RISK_HITS_TO_SUSPEND] ?? 0) + RISK_WINDOW_MS;
    fail(42902, 'creation suspended after repeated risky input', { until });
  }
}

/**
 * Risky input is refused, costs nothing, and counts towards the suspension; the refusal says
 * how many hits the last hour holds (contract `RiskHits`), so the client can warn in time.
 */
async function refuseRisky(uid: string, ...texts: string[]) {
  const word = texts.map(findRisky).find(Boolean);
  if (!word) return;
  const usage = await usageOf(uid);
  const hits = [...recentHits(usage), clock.nowMs()];
  await db.writingUsage.update((q) => q.where({ uid }), {
    data: (u) => void (u.risk_hits = hits),
  });
  fail(42203, 'content safety risk', {
    risk_hits: hits.length,
    risk_limit: RISK_HITS_TO_SUSPEND,
    window_s: RISK_WINDOW_MS / 1000,
  });
}

function balanceRow(uid: string) {
  return db.benefits.findFirst((q) => q.where({ uid }));
}

export function powerOf(uid: string): number {
  const row = balanceRow(uid);
  return row ? powerBalance(row) : 0;
}

async function assertPower(uid: string, cost: number) {
  const balance = powerBalance(await syncPower(uid));
  if (balance < cost) fail(40260, 'not enough power', { needed: cost, balance });
}

/** Spec 2 §1 consumption order, enforced in one place (mocks/power.ts). */
async function charge(uid: string, cost: number) {
  await spendPower(uid, cost);
}

type ContinueCharacter = components['schemas']['ContinueCharacter'];

/**
 * The bound world's characters a continuation may use: alive ones (a dead character no longer
 * appears, spec 1 §3), recommended first, then by name. 40403 when the bound world is gone.
 */
function continueCharacters(story: StoryRecord): ContinueCharacter[] {
  if (!story.universe_id) return [];
  const world = db.worlds.findFirst((q) => q.where({ id: story.universe_id ?? '' }));
  if (!world || world.deleted) fail(40403, 'bound world missing');
  return db.entries
    .findMany((q) => q.where({ universe_id: world.id }))
    .filter((e) => e.type === 'character' && e.character_status === 'alive')
    .sort(
      (a, b) => Number(b.is_recommended) - Number(a.is_recommended) || a.name.localeCompare(b.name),
    )
    .map((e) => ({
      id: e.id,
      name: e.name,
      description: e.description,
      is_recommended: e.is_recommended,
    }));
}

/** The chosen characters' names; 42200 for an id that is not one of the story's characters. */
function chosenNames(story: StoryRecord, ids: readonly string[]): string[] {
  if (!ids.length) return [];
  const offered = new Map(continueCharacters(story).map((c) => [c.id, c.name]));
  return ids.map((id) => offered.get(id) ?? fail(42200, `missing parameters: character ${id}`));
}

function proseContext(story: StoryRecord, language: ProseLanguage): ProseContext {
  const world = story.universe_id
    ? db.worlds.findFirst((q) => q.where({ id: story.universe_id ?? '' }))
    : null;
  const entries = world ? db.entries.findMany((q) => q.where({ universe_id: world.id })) : [];
  return {
    language,
    names: entries.filter((e) => e.type === 'character').map((e) => e.name),
    places: entries.filter((e) => e.type === 'normal').map((e) => e.name),
    forbidden: world ? world.forbidden_words.map((w) => w.word) : [],
  };
}

const langOf = (request: Request): ProseLanguage =>
  request.headers.get('lang')?.startsWith('en') ? 'en' : 'zh';

// ------------------------------------------------------------------ chapter body

const getChapter = http.get(
  '/api/v1/chapters/{id}/content',
  handle(async ({ request, params }) => {
    const uid = requireAuth(request);
    const { chapter, story } = ownChapter(uid, params.id);
    return ok(toContent(chapter, story));
  }),
);

const saveChapter = http.put(
  '/api/v1/chapters/{id}/content',
  handle(async ({ request, params }) => {
    const uid = requireAuth(request);
    const body = await readBody(request);
    const { chapter, story } = ownChapter(uid, params.id);
    // The chapter-name rule of the chapter list (42241 blank, 42204 too long).
    const name = checkTitle(body.name);
    if (body.content.length > CHAPTER_LIMIT)
      fail(42249, 'chapter over 20000 characters', { limit: CHAPTER_LIMIT });
    if (findRisky(body.content) || findRisky(name)) fail(42221, 'sensitive content');
    if (body.base_updated_at < chapter.updated_at)
      fail(40920, 'chapter changed since it was opened', { updated_at: chapter.updated_at });
    // Strictly increasing, so a second tab's older base is always detected.
    const updatedAt = Math.max(clock.nowS(), chapter.updated_at + 1);
    const saved = await db.chapters.update((q) => q.where({ id: chapter.id }), {
      data: (c) => {
        c.content = body.content;
        c.name = name;
        c.updated_at = updatedAt;
      },
    });
    await db.stories.update((q) => q.where({ id: story.id }), {
      data: (s) => void (s.updated_at = Math.max(s.updated_at, updatedAt)),
    });
    return ok(toContent(saved ?? chapter, story));
  }),
);

// ------------------------------------------------------------------ continuation

export interface ContinueOptions {
  /** Cut the stream in the middle of the first card (the `stream-drops` scenario). */
  dropMidCard?: boolean;
}

let continuationSeq = 0;

const encoder = new TextEncoder();
const line = (e: ContinueEvent) => encoder.encode(JSON.stringify(e) + '\n');
const pause = () => (latency.enabled ? delay(40) : Promise.resolve());

/** Splits a card into the pieces a model would stream (a few characters or words each). */
function pieces(text: string): string[] {
  return text.match(/[\s\S]{1,12}/g) ?? [];
}

/**
 * The continuation resolver. Everything that can be refused is checked before streaming
 * (ordinary error answers); power is deducted when every card was delivered, the length once
 * per card (a cut stream is a failed output and costs nothing).
 */
export function continueResolver(options: ContinueOptions = {}) {
  return async ({ request }: { request: Request }) => {
    const uid = requireAuth(request);
    const body = await readBody(request);
    const { story } = ownChapter(uid, body.chapter_id);
    await assertNotSuspended(uid);
    await refuseRisky(uid, body.text);
    // Spec 2 §1: each delivered card costs the length; an empty-input opening card nothing.
    // No more cards are written than the balance pays for; not even one is 40260.
    const opening = body.text.trim() === '';
    const price = cardPrice(body.length, opening);
    const balance = price > 0 ? powerBalance(await syncPower(uid)) : 0;
    const count = opening ? 1 : affordableCards(balance, body.length, opening);
    if (count === 0) fail(40260, 'not enough power', { needed: price, balance });

    // The scene's characters, when chosen, are the only names the text uses.
    const names = chosenNames(story, body.character_ids ?? []);
    const base = proseContext(story, detectLanguage(body.text, langOf(request)));
    const ctx = names.length ? { ...base, names } : base;
    const seed = hashString(body.text) + ++continuationSeq * 7919;
    const cards = Array.from({ length: count }, (_, i) =>
      writeProse(ctx, body.length, seed + i * 104729),
    ).filter(Boolean);
    // An empty card is never sent, so it is never charged.
    const cost = continuationCharge(body.length, opening, cards);

    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        if (!cards.length) {
          controller.enqueue(line({ event: 'error', error_code: 40420 }));
          controller.close();
          return;
        }
        for (const [index, card] of cards.entries()) {
          const nodeid = `node_${seed.toString(36)}_${index}`;
          controller.enqueue(line({ event: 'card', index, nodeid }));
          const parts = pieces(card);
          for (const [i, text] of parts.entries()) {
            await pause();
            if (options.dropMidCard && index === 0 && i === Math.floor(parts.length / 2)) {
              controller.error(new TypeError('connection dropped'));
              return;
            }
            controller.enqueue(line({ event: 'delta', index, text }));
          }
        }
        if (cost > 0) await charge(uid, cost);
        controller.enqueue(line({ event: 'done', charged: cost }));
        controller.close();
      },
    });
    return new HttpResponse(stream, {
      headers: { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' },
    });
  };
}

// ------------------------------------------------------------------ lab

/** The power a lab call costs once the trial is used up (shown on the button beforehand). */
export function labCost(action: keyof typeof LAB_LIMITS, text: string): number {
  return action === 'expand' ? LAB_EXPAND_TARGET : Math.max(LAB_MIN_COST, countText(text));
}

const runLab = http.post(
  '/api/v1/writing/lab',
  handle(async ({ request }) => {
    const uid = requireAuth(request);
    const body = await readBody(request);
    const { story } = ownChapter(uid, body.chapter_id);
    const text = body.text.trim();
    const instruction = body.instruction.trim();
    if (!text && !(body.action === 'custom' && instruction))
      fail(42200, 'missing parameters: select text or enter an instruction');
    if (isTooLong(text, LAB_LIMITS[body.action]))
      fail(42270, 'text over limit', { limit: LAB_LIMITS[body.action] });
    await assertNotSuspended(uid);
    await refuseRisky(uid, text, instruction);

    const usage = await usageOf(uid);
    const trial = usage.lab_trial_used < LAB_TRIAL_USES;
    const cost = trial ? 0 : labCost(body.action, text);
    if (!trial) await assertPower(uid, cost);

    const ctx = proseContext(story, detectLanguage(text || instruction, langOf(request)));
    const seed = hashString(text + instruction) + ++continuationSeq * 7919;
    const result =
      body.action === 'rewrite'
        ? rewriteProse(text, ctx.language, ctx.forbidden)
        : body.action === 'condense'
          ? condenseProse(text, ctx.language)
          : body.action === 'expand'
            ? expandProse(text, ctx, LAB_EXPAND_TARGET, seed)
            : writeProse(ctx, Math.max(100, countText(text)), seed);
    // Failed output is free (spec 1 §8).
    if (!result) fail(40420, 'generation failed');

    if (trial)
      await db.writingUsage.update((q) => q.where({ uid }), {
        data: (u) => void (u.lab_trial_used += 1),
      });
    else await charge(uid, cost);
    return ok({
      result,
      charged: cost,
      trial_left: Math.max(0, LAB_TRIAL_USES - usage.lab_trial_used - (trial ? 1 : 0)),
    });
  }),
);

/** Spec 1 §7: the bound world's characters for the editor's "characters in this scene". */
const continueCharactersOf = http.get(
  '/api/v2/stories/{storyId}/continue_writing_character',
  handle(({ request, params }) => {
    const uid = requireAuth(request);
    purgeExpired();
    const story = db.stories.findFirst((q) => q.where({ id: params.storyId }));
    if (!story) fail(40402, 'story missing');
    if (story.uid !== uid) refuseOthersStory(story);
    if (story.deleted_at > 0) fail(40418, 'story deleted');
    return ok({ universe_id: story.universe_id, data: continueCharacters(story) });
  }),
);

const labQuota = http.get(
  '/api/v1/writing/lab/quota',
  handle(async ({ request }) => {
    const uid = requireAuth(request);
    const used = db.writingUsage.findFirst((q) => q.where({ uid }))?.lab_trial_used ?? 0;
    return ok({
      enabled: true,
      trial_total: LAB_TRIAL_USES,
      trial_left: Math.max(0, LAB_TRIAL_USES - used),
    });
  }),
);

export const CONTINUE_PATH = '/api/v1/writing/continue';

export const writingHandlers = [
  getChapter,
  saveChapter,
  // The stream is not JSON, so the contract-typed `http` cannot type its body.
  http.post(CONTINUE_PATH, handle(continueResolver()) as never),
  runLab,
  labQuota,
  continueCharactersOf,
];
