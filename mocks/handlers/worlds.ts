import { checkBase, nextVersionS } from '../versions';
import type { components } from '@/api/schema.gen';
import { countText, isTooLong } from '@/rules/text-count';
import { WORLD_SERVER_LIMITS } from '@/rules/world-limits';
import { clock } from '../clock';
import { randomId } from '../codes';
import { db, type EntryRecord, type WorldRecord } from '../db';
import { fail, handle, http, ok, optionalAuth, readBody, requireAuth } from '../http';
import { nameText } from '../name-text';
import { supporterCount } from './share-cards';

/**
 * World operations of the contract (tag `worlds`): the caller's worlds, their forbidden words
 * and glossary entries, and the public view of a shared world. State is per user: another
 * user's world is "missing" (40403) for the caller, so only the author can change anything.
 * The checks below are the server's own (spec 1 §5 gives server limits that differ from the
 * client's: background 300, description 150); a request that skips the client checks still
 * gets the documented code.
 */

type World = components['schemas']['World'];
type Entry = components['schemas']['Entry'];

// ------------------------------------------------------------------ limits

/** The limits live in src/rules so the client can name them in its messages. */
export const SERVER_LIMITS = WORLD_SERVER_LIMITS;

/** Content that the mock's moderation treats as a safety risk (42203): titles and names. */
export const RISK_WORDS = ['暴恐', '恐袭', 'terror'];
/** Sensitive content that cannot be saved (42221): backgrounds, descriptions, goals. */
export const SENSITIVE_WORDS = ['反动', '违禁品', 'contraband'];
/** NSFW content (40312): anywhere in a world or entry. */
export const NSFW_WORDS = ['色情', '裸露', 'nsfw'];

const CHARACTER_NAME = /^[\p{Script=Han}A-Za-z0-9（）／・]+$/u;

function contains(text: string, words: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return words.some((w) => lower.includes(w));
}

/** Moderation of free text, in the order the server checks it. */
function moderate(names: string[], texts: string[]) {
  const all = [...names, ...texts];
  if (all.some((t) => contains(t, NSFW_WORDS))) fail(40312, 'nsfw content, tag added');
  if (names.some((t) => contains(t, RISK_WORDS))) fail(42203, 'content safety risk');
  if (texts.some((t) => contains(t, SENSITIVE_WORDS))) fail(42221, 'sensitive content');
}

function checkTitle(title: string) {
  if (!title.trim() || isTooLong(title, SERVER_LIMITS.title)) fail(42204, 'title length invalid');
}

function checkBackground(background: string) {
  if (isTooLong(background, SERVER_LIMITS.background)) fail(42205, 'background length invalid');
}

/** A forbidden word: 1-10 characters (code points), not already in `existing`. */
function checkForbiddenWord(word: string, existing: readonly string[]) {
  const w = word.trim();
  if (!w || [...w].length > SERVER_LIMITS.forbiddenWord) fail(42258, 'forbidden word invalid');
  if (existing.some((e) => e.toLowerCase() === w.toLowerCase()))
    fail(42258, 'forbidden word repeated');
}

// ------------------------------------------------------------------ shapes

function entryCount(worldId: string): number {
  return db.entries.all().filter((e) => e.universe_id === worldId).length;
}

export function worldOf(w: WorldRecord): World {
  return {
    id: w.id,
    title: w.title,
    background: w.background,
    cover: w.cover,
    forbidden_words: w.forbidden_words.map((f) => ({ ...f })),
    share_id: w.share_id,
    share_status: w.share_status,
    entry_count: entryCount(w.id),
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

export function entryOf(e: EntryRecord): Entry {
  return {
    id: e.id,
    universe_id: e.universe_id,
    name: e.name,
    description: e.description,
    type: e.type,
    image: e.image,
    character_status: e.character_status,
    character_age: e.character_age,
    character_gender: e.character_gender,
    is_recommended: e.is_recommended,
    character_target: e.character_target,
    character_relationships: e.character_relationships.map((r) => ({
      ...r,
      relationships: [...r.relationships],
    })),
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

/** A page of `items`; `has_prev` / `has_next` say whether pages exist before / after it. */
function pageOf<T>(items: T[], page: number, perPage: number, next: (page: number) => string) {
  const start = (page - 1) * perPage;
  const hasNext = start + perPage < items.length;
  return {
    data: items.slice(start, start + perPage),
    paging: { has_prev: page > 1, has_next: hasNext, next: hasNext ? next(page + 1) : null },
  };
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

// ------------------------------------------------------------------ lookups

/** The caller's live world, else 40403 (another user's world is missing for the caller). */
function ownWorld(uid: string, id: string) {
  const w = db.worlds.findFirst((q) => q.where({ id }));
  if (!w || w.uid !== uid || w.deleted) fail(40403, 'world missing');
  return w;
}

function ownEntry(world: WorldRecord, entryId: string) {
  const e = db.entries.findFirst((q) => q.where({ id: entryId }));
  if (!e || e.universe_id !== world.id) fail(40404, 'entry deleted');
  return e;
}

async function touch(world: ReturnType<typeof ownWorld>) {
  await db.worlds.update(world, { data: (w) => void (w.updated_at = nextVersionS(w.updated_at)) });
}

function newShareId(): string {
  return randomId('s_');
}

type EntryInput = components['schemas']['EntryBody'];

/** Checks an entry in the server's order and returns the fields to store. */
function checkEntry(body: EntryInput) {
  const raw = nameText(body.name);
  const name = raw.trim();
  const description = body.description;
  if (raw && !name) fail(42206, 'entry name blank');
  if (!name && !description.trim()) fail(42200, 'missing parameters: name or description');
  if (isTooLong(name, SERVER_LIMITS.entryName)) fail(42206, 'entry name length invalid');
  if (isTooLong(description, SERVER_LIMITS.description))
    fail(42207, 'entry description length invalid');
  const character = body.type === 'character';
  const target = character ? nameText(body.character_target ?? '') : '';
  const relationships = (character ? (body.character_relationships ?? []) : []).map((r) => ({
    ...r,
    name: nameText(r.name),
    relationships: r.relationships.map(nameText),
  }));
  if (character) {
    if (!name) fail(42206, 'character name blank');
    if (!CHARACTER_NAME.test(name)) fail(42256, 'illegal characters in character name');
    if (isTooLong(target, SERVER_LIMITS.target)) fail(42257, 'goal too long');
    if (relationships.length > SERVER_LIMITS.relationships) fail(42259, 'too many relationships');
    for (const r of relationships) {
      const other = r.name.trim();
      if (!other || other === name) fail(42259, 'relationship name invalid');
      if (!CHARACTER_NAME.test(other)) fail(42256, 'illegal characters in relationship name');
      if (r.relationships.some((t) => !t.trim() || countText(t) > SERVER_LIMITS.relationshipTag))
        fail(42259, 'relationship tag invalid');
    }
  }
  moderate([name, ...relationships.map((r) => r.name)], [description, target]);
  return {
    name,
    description,
    type: body.type,
    character_status: character ? (body.character_status ?? 'alive') : 'alive',
    character_age: character ? (body.character_age ?? 'unknown') : 'unknown',
    character_gender: character ? (body.character_gender ?? null) : null,
    is_recommended: character ? (body.is_recommended ?? false) : false,
    character_target: target,
    character_relationships: relationships.map((r) => ({
      name: r.name.trim(),
      locked: r.locked,
      relationships: r.relationships.map((t) => t.trim()),
    })),
  } satisfies Partial<EntryRecord>;
}

async function copyWorld(uid: string, shareId: string): Promise<WorldRecord> {
  const source = db.worlds.findFirst((q) => q.where({ share_id: shareId }));
  if (
    !source ||
    source.deleted ||
    source.share_status === 'private' ||
    source.share_status === 'banned'
  )
    fail(40403, 'shared world missing');
  const now = clock.nowS();
  const copy = await db.worlds.create({
    ...source,
    id: randomId('w_'),
    uid,
    forbidden_words: source.forbidden_words.map((f) => ({ ...f })),
    share_id: newShareId(),
    share_status: 'private',
    created_at: now,
    updated_at: now,
    deleted: false,
  });
  for (const e of db.entries.all().filter((x) => x.universe_id === source.id)) {
    await db.entries.create({
      ...e,
      id: randomId('e_'),
      universe_id: copy.id,
      character_relationships: e.character_relationships.map((r) => ({
        ...r,
        relationships: [...r.relationships],
      })),
      created_at: now,
      updated_at: now,
    });
  }
  return copy;
}

const ORDER: Record<string, (a: EntryRecord, b: EntryRecord) => number> = {
  updated_at: (a, b) => b.updated_at - a.updated_at || b.created_at - a.created_at,
  created_at: (a, b) => b.created_at - a.created_at,
  name: (a, b) => a.name.localeCompare(b.name, 'zh'),
};

// ------------------------------------------------------------------ handlers

export const worldsHandlers = [
  http.get(
    '/api/v1/universes',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const url = new URL(request.url);
      const page = positiveInt(url.searchParams.get('page'), 1, Number.MAX_SAFE_INTEGER);
      const perPage = positiveInt(
        url.searchParams.get('per_page'),
        SERVER_LIMITS.worldsPerPage,
        SERVER_LIMITS.maxWorldsPerPage,
      );
      const mine = db.worlds
        .all()
        .filter((w) => w.uid === uid && !w.deleted)
        .sort((a, b) => b.updated_at - a.updated_at || b.created_at - a.created_at);
      const { data, paging } = pageOf(
        mine,
        page,
        perPage,
        (p) => `/api/v1/universes?page=${p}&per_page=${perPage}`,
      );
      return ok({ data: data.map(worldOf), paging });
    }),
  ),

  /** {share_id} alone copies a shared world; otherwise a new world is checked and created. */
  http.post(
    '/api/v1/universes',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const sent = await readBody(request);
      if ('share_id' in sent) return ok(worldOf(await copyWorld(uid, sent.share_id.trim())));
      const body = {
        ...sent,
        title: nameText(sent.title),
        forbidden_words: sent.forbidden_words.map(nameText),
      };
      const title = body.title.trim();
      checkTitle(title);
      checkBackground(body.background);
      if (body.forbidden_words.length > SERVER_LIMITS.forbiddenWords)
        fail(40301, 'at most 20 forbidden words');
      const words: string[] = [];
      for (const w of body.forbidden_words) {
        checkForbiddenWord(w, words);
        words.push(w.trim());
      }
      moderate([title], [body.background]);
      const now = clock.nowS();
      const world = await db.worlds.create({
        id: randomId('w_'),
        uid,
        title,
        background: body.background,
        cover: body.cover,
        forbidden_words: words.map((word) => ({ id: randomId('fw_'), word })),
        share_id: newShareId(),
        share_status: 'private',
        created_at: now,
        updated_at: now,
        deleted: false,
      });
      return ok(worldOf(world));
    }),
  ),

  /** All or nothing: one id that is not the caller's live world deletes nothing. */
  http.delete(
    '/api/v1/universes',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const body = await readBody(request);
      const worlds = body.universe_ids.map((id) => ownWorld(uid, id));
      for (const w of worlds) {
        await db.worlds.update(w, {
          data: (r) => {
            r.deleted = true;
            r.updated_at = clock.nowS();
          },
        });
      }
      return ok({});
    }),
  ),

  http.get(
    '/api/v1/universes/{id}',
    handle(({ request, params }) => ok(worldOf(ownWorld(requireAuth(request), params.id)))),
  ),

  http.patch(
    '/api/v1/universes/{id}',
    handle(async ({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      const sent = await readBody(request);
      const body = { ...sent, title: sent.title === undefined ? undefined : nameText(sent.title) };
      checkBase(body.base_updated_at, world.updated_at, 'world', worldOf(world));
      const title = body.title?.trim();
      if (title !== undefined) checkTitle(title);
      if (body.background !== undefined) checkBackground(body.background);
      moderate(title === undefined ? [] : [title], body.background ? [body.background] : []);
      const updated = await db.worlds.update(world, {
        data: (w) => {
          if (title !== undefined) w.title = title;
          if (body.background !== undefined) w.background = body.background;
          if (body.cover !== undefined) w.cover = body.cover;
          w.updated_at = nextVersionS(w.updated_at);
        },
      });
      return ok(worldOf(updated ?? world));
    }),
  ),

  http.put(
    '/api/v1/universes/{id}/share_status',
    handle(async ({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      const body = await readBody(request);
      if (world.share_status === 'banned') fail(40333, 'world banned');
      const updated = await db.worlds.update(world, {
        data: (w) => {
          if (body.share_status !== 'private' && w.share_status !== body.share_status)
            w.shared_at = clock.nowS();
          w.share_status = body.share_status;
        },
      });
      return ok(worldOf(updated ?? world));
    }),
  ),

  http.post(
    '/api/v1/universes/{id}/forbidden_words',
    handle(async ({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      const sent = await readBody(request);
      const body = { word: nameText(sent.word) };
      if (world.forbidden_words.length >= SERVER_LIMITS.forbiddenWords)
        fail(40301, 'at most 20 forbidden words');
      checkForbiddenWord(
        body.word,
        world.forbidden_words.map((f) => f.word),
      );
      const added = { id: randomId('fw_'), word: body.word.trim() };
      await db.worlds.update(world, {
        data: (w) => {
          w.forbidden_words = [...w.forbidden_words, added];
          w.updated_at = nextVersionS(w.updated_at);
        },
      });
      return ok(added);
    }),
  ),

  http.delete(
    '/api/v1/universes/{id}/forbidden_words/{wordId}',
    handle(async ({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      await db.worlds.update(world, {
        data: (w) => {
          w.forbidden_words = w.forbidden_words.filter((f) => f.id !== params.wordId);
          w.updated_at = nextVersionS(w.updated_at);
        },
      });
      return ok({});
    }),
  ),

  http.get(
    '/api/v1/universes/{id}/entries',
    handle(({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      const url = new URL(request.url);
      const page = positiveInt(url.searchParams.get('page'), 1, Number.MAX_SAFE_INTEGER);
      const perPage = positiveInt(
        url.searchParams.get('per_page'),
        SERVER_LIMITS.entriesPerPage,
        SERVER_LIMITS.maxEntriesPerPage,
      );
      const type = url.searchParams.get('type');
      const name = (url.searchParams.get('name') ?? '').trim().toLowerCase();
      const order = ORDER[url.searchParams.get('order_by') ?? ''] ?? ORDER.updated_at!;
      const matching = db.entries
        .all()
        .filter(
          (e) =>
            e.universe_id === world.id &&
            (type !== 'normal' && type !== 'character' ? true : e.type === type) &&
            (!name || e.name.toLowerCase().includes(name)),
        )
        .sort(order);
      const query = new URLSearchParams(url.searchParams);
      const { data, paging } = pageOf(matching, page, perPage, (p) => {
        query.set('page', String(p));
        return `/api/v1/universes/${world.id}/entries?${query.toString()}`;
      });
      return ok({ data: data.map(entryOf), paging, total: matching.length });
    }),
  ),

  http.post(
    '/api/v1/universes/{id}/entries',
    handle(async ({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      const body = await readBody(request);
      const fields = checkEntry(body);
      const now = clock.nowS();
      const entry = await db.entries.create({
        id: randomId('e_'),
        universe_id: world.id,
        image: body.image ?? '',
        ...fields,
        created_at: now,
        updated_at: now,
      });
      await touch(world);
      return ok(entryOf(entry));
    }),
  ),

  http.get(
    '/api/v1/universes/{id}/entries/{entryId}',
    handle(({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      return ok(entryOf(ownEntry(world, params.entryId)));
    }),
  ),

  http.put(
    '/api/v1/universes/{id}/entries/{entryId}',
    handle(async ({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      const entry = ownEntry(world, params.entryId);
      const body = await readBody(request);
      checkBase(body.base_updated_at, entry.updated_at, 'entry', entryOf(entry));
      const fields = checkEntry(body);
      const updated = await db.entries.update(entry, {
        data: (e) => {
          Object.assign(e, fields);
          if (body.image !== undefined) e.image = body.image;
          e.updated_at = nextVersionS(e.updated_at);
        },
      });
      await touch(world);
      return ok(entryOf(updated ?? entry));
    }),
  ),

  http.delete(
    '/api/v1/universes/{id}/entries/{entryId}',
    handle(async ({ request, params }) => {
      const world = ownWorld(requireAuth(request), params.id);
      db.entries.delete(ownEntry(world, params.entryId));
      await touch(world);
      return ok({});
    }),
  ),

  /**
   * Public: private 40330, banned 40333, missing or deleted 40403. A view by anyone but the
   * author counts towards the share's view_count.
   */
  http.get(
    '/api/v1/share/universes/{shareId}',
    handle(async ({ request, params }) => {
      const viewer = optionalAuth(request);
      const world = db.worlds.findFirst((q) => q.where({ share_id: params.shareId }));
      if (!world || world.deleted) fail(40403, 'world missing');
      if (world.share_status === 'private') fail(40330, 'no permission');
      if (world.share_status === 'banned') fail(40333, 'world banned');
      if (viewer !== world.uid) {
        await db.worlds.update(world, {
          data: (w) => void (w.view_count = (w.view_count ?? 0) + 1),
        });
      }
      const author = db.users.findFirst((q) => q.where({ uid: world.uid }));
      const characters = db.entries
        .all()
        // A dead character no longer appears (spec 1 §3), so it is not offered for role-play.
        .filter(
          (e) =>
            e.universe_id === world.id &&
            e.type === 'character' &&
            e.is_recommended &&
            e.character_status !== 'dead',
        )
        .sort(ORDER.updated_at);
      return ok({
        world: {
          title: world.title,
          background: world.background,
          cover: world.cover,
          share_id: world.share_id,
          share_status: world.share_status,
        },
        author: {
          _id: world.uid,
          name: author?.nickname ?? '',
          avatar: author?.headimgurl ?? '',
          is_official: author?.is_official ?? false,
        },
        characters: characters.map(entryOf),
        supporter_count: supporterCount(world.share_id),
      });
    }),
  ),
];
