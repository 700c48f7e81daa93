import type { components } from '@/api/schema.gen';
import { checkBase, nextVersionMs } from '../versions';
import { countText, isTooLong } from '@/rules/text-count';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { WORLD_SERVER_LIMITS } from '@/rules/world-limits';
import { clock } from '../clock';
import { randomId } from '../codes';
import { db, type ChatGameRecord, type EntryRecord, type WorldRecord } from '../db';
import { fail, handle, http, ok, readBody, requireAuth } from '../http';
import { nameText } from '../name-text';
import { modelIn, servedLang } from '../served-copy';
import {
  CHAT_MODELS,
  DEFAULT_MODEL_ID,
  archiveOut,
  characterOf,
  chatOut,
  createArchive,
  cursorPage,
  defaultArchiveTitle,
  deleteGame,
  dialogueOf,
  entriesOf,
  gameOut,
  messageOut,
  messagesOf,
  optionOut,
  ownChat,
  ownChatEntry,
  ownGame,
  pendingOptions,
  replaceCurrentChat,
  touchChat,
  universeOf,
  universeOut,
  usableModelFor,
  visibleMessages,
  withdrawOptions,
} from './exploration-store';
import { checkInput, greetingOf, replyStream, type ReplyStreamOptions } from './exploration-reply';
import { refuseOthersStory } from './stories';
import { entryOf } from './worlds';
import { hashString, detectLanguage } from './writing-prose';

/**
 * Exploration operations of the contract (tag `exploration`): chat games, their current chat
 * (messages streamed as NDJSON, played options, model, display and play modes, edit, recall),
 * save points (add, list, load, is_saved, branch, to the desk), each game's own copy of its
 * world, the version 3.0 acknowledgement and dialogue power. Another user's game or chat is
 * "missing" (40408) for the caller.
 */

// ------------------------------------------------------------------ rules

const CHARACTER_NAME = /^[\p{Script=Han}A-Za-z0-9（）／・]+$/u;

/**
 * An entry of a chat's world by the rules of a world's entries (spec 1 §5): 42206 name, 42207
 * description, 42200 neither, 42256 character names, 42257 goal; relationships that break the
 * world rules are a bad body here (42200).
 */
function checkEntry(body: components['schemas']['EntryBody']) {
  const raw = nameText(body.name);
  const name = raw.trim();
  const { description } = body;
  if (raw && !name) fail(42206, 'entry name blank');
  if (!name && !description.trim()) fail(42200, 'missing parameters: name or description');
  if (isTooLong(name, WORLD_SERVER_LIMITS.entryName)) fail(42206, 'entry name length invalid');
  if (isTooLong(description, WORLD_SERVER_LIMITS.description))
    fail(42207, 'entry description length invalid');
  const character = body.type === 'character';
  const target = character ? nameText(body.character_target ?? '').trim() : '';
  const relationships = character ? (body.character_relationships ?? []) : [];
  if (character) {
    if (!name) fail(42206, 'character name blank');
    if (!CHARACTER_NAME.test(name)) fail(42256, 'illegal characters in character name');
    if (isTooLong(target, WORLD_SERVER_LIMITS.target)) fail(42257, 'goal too long');
    if (relationships.length > WORLD_SERVER_LIMITS.relationships)
      fail(42200, 'missing parameters: too many relationships');
    for (const r of relationships) {
      const other = nameText(r.name).trim();
      if (!other || other === name) fail(42200, 'missing parameters: relationship name');
      if (!CHARACTER_NAME.test(other)) fail(42256, 'illegal characters in relationship name');
      if (
        r.relationships.some(
          (t) =>
            !nameText(t).trim() || countText(nameText(t)) > WORLD_SERVER_LIMITS.relationshipTag,
        )
      )
        fail(42200, 'missing parameters: relationship tag');
    }
  }
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
      name: nameText(r.name).trim(),
      locked: r.locked,
      relationships: r.relationships.map((t) => nameText(t).trim()),
    })),
  } satisfies Partial<EntryRecord>;
}

/** An optional title of at most 20 characters (42200); blank or absent gives `fallback`. */
function titleOr(raw: string | undefined, fallback: string): string {
  const title = nameText(raw ?? '').trim();
  if ([...title].length > EXPLORATION_LIMITS.archiveTitle) fail(42200, 'missing parameters: title');
  return title || fallback;
}

// ------------------------------------------------------------------ sources and starting

/**
 * The world a game is started from: a shared world by share id (square or link, live), or one
 * of the caller's own live worlds; 40403 otherwise; 42200 unless exactly one is given.
 */
function sourceWorld(
  uid: string,
  shareId: string | null | undefined,
  universeId: string | null | undefined,
): WorldRecord {
  if (Boolean(shareId) === Boolean(universeId))
    fail(42200, 'missing parameters: share_id or universe_id');
  if (shareId) {
    const w = db.worlds.findFirst((q) => q.where({ share_id: shareId }));
    const open = w && !w.deleted && (w.share_status === 'square' || w.share_status === 'link');
    if (!open && !(w && !w.deleted && w.uid === uid && w.share_status !== 'banned'))
      fail(40403, 'world missing');
    return w;
  }
  const w = db.worlds.findFirst((q) => q.where({ id: universeId! }));
  if (!w || w.uid !== uid || w.deleted || w.share_status === 'banned') fail(40403, 'world missing');
  return w;
}

/** The source world's characters a game may cast: the recommended ones that are alive. */
function recommendedOf(world: WorldRecord): EntryRecord[] {
  return db.entries
    .findMany((q) => q.where({ universe_id: world.id }))
    .filter((e) => e.type === 'character' && e.is_recommended && e.character_status === 'alive')
    .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
}

export async function startGame(
  uid: string,
  world: WorldRecord,
  source: { share_id: string | null; universe_id: string | null },
  characterIds: readonly string[],
  modelId: string,
): Promise<ChatGameRecord> {
  const recommended = recommendedOf(world);
  for (const id of characterIds)
    if (!recommended.some((e) => e.id === id))
      fail(42200, 'missing parameters: character_ids must be recommended characters');
  const firstCharacter = db.entries
    .findMany((q) => q.where({ universe_id: world.id }))
    .filter((e) => e.type === 'character' && e.character_status === 'alive')
    .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id))[0];
  const chosen = characterIds.length
    ? characterIds
    : recommended.length
      ? recommended.map((e) => e.id)
      : firstCharacter
        ? [firstCharacter.id]
        : [];

  const now = clock.nowS();
  const gameId = randomId('g_');
  const universeId = randomId('cu_');
  const chatId = randomId('ch_');
  await db.chatUniverses.create({
    id: universeId,
    game_id: gameId,
    uid,
    title: world.title,
    background: world.background,
    cover: world.cover,
    forbidden_words: world.forbidden_words.map((w) => ({ ...w })),
    created_at: now,
    updated_at: now,
  });
  const ids = new Map<string, string>();
  for (const e of db.entries.findMany((q) => q.where({ universe_id: world.id }))) {
    const id = randomId('ce_');
    ids.set(e.id, id);
    await db.chatEntries.create({
      ...e,
      id,
      universe_id: universeId,
      character_relationships: e.character_relationships.map((r) => ({
        ...r,
        relationships: [...r.relationships],
      })),
      created_at: now,
      updated_at: now,
    });
  }
  const cast = chosen.map((id) => ids.get(id)!).filter(Boolean);
  await db.chats.create({
    id: chatId,
    game_id: gameId,
    uid,
    model_id: modelId,
    interactive_type: 'chat',
    task_guiding_mode: 'task',
    cast,
    goals_done: [],
    archived: false,
    rev: 0,
    saved_rev: 0,
    next_seq: 1,
    created_at: now,
    updated_at: now,
  });
  const speaker = cast[0] ? db.chatEntries.findFirst((q) => q.where({ id: cast[0]! })) : undefined;
  const greeting = speaker
    ? greetingOf(
        speaker,
        detectLanguage(world.background, 'zh'),
        world.forbidden_words.map((w) => w.word),
        hashString(gameId),
      )
    : '';
  if (speaker && greeting) {
    await db.chatMessages.create({
      id: randomId('msg_'),
      chat_id: chatId,
      seq: 1,
      role: 'character',
      speaker_id: speaker.id,
      speaker_name: speaker.name,
      content: greeting,
      state: 'complete',
      option_id: null,
      edited: false,
      retracted: false,
      created_at: clock.nowMs(),
    });
    await db.chats.update((q) => q.where({ id: chatId }), { data: (c) => void (c.next_seq = 2) });
  }
  return db.chatGames.create({
    id: gameId,
    uid,
    title: world.title,
    cover: world.cover,
    source_world_id: world.id,
    source_share_id: source.share_id,
    source_universe_id: source.universe_id,
    universe_id: universeId,
    chat_id: chatId,
    created_at: now,
    updated_at: now,
  });
}

// ------------------------------------------------------------------ to the desk

const CHAPTER_LIMIT = 20_000;

/** The span as chapter prose: the player's lines as dialogue, replies as they are. */
function deskProse(messages: ReturnType<typeof visibleMessages>): string {
  return messages
    .map((m) => {
      if (m.role !== 'player') return m.content;
      return detectLanguage(m.content, 'zh') === 'zh' ? `“${m.content}”` : `"${m.content}"`;
    })
    .join('\n\n');
}

// ------------------------------------------------------------------ handlers

/** The message-sending handlers, swapped by the stream fault scenarios. */
export function replyHandlers(options: ReplyStreamOptions = {}) {
  return [
    // The stream is not JSON, so the contract-typed `http` cannot type its body.
    http.post(
      '/api/v2/chats/{chatId}/messages',
      handle(async ({ request, params }: { request: Request; params: { chatId: string } }) => {
        const uid = requireAuth(request);
        const { chat, game } = ownChat(uid, params.chatId);
        const body = (await readBody(request)) as components['schemas']['ChatMessageBody'];
        const text = checkInput(body.content);
        return replyStream({ request, uid, chat, game, text, option: null }, options);
      }) as never,
    ),
    http.post(
      '/api/v2/chats/{chatId}/played_options',
      handle(async ({ request, params }: { request: Request; params: { chatId: string } }) => {
        const uid = requireAuth(request);
        const { chat, game } = ownChat(uid, params.chatId);
        const body = (await readBody(request)) as components['schemas']['PlayOptionBody'];
        const option =
          chat.task_guiding_mode === 'task'
            ? pendingOptions(chat.id).find((o) => o.id === body.option_id)
            : undefined;
        if (!option) fail(40411, 'record deleted: the option is not on offer');
        return replyStream({ request, uid, chat, game, text: option.text, option }, options);
      }) as never,
    ),
  ];
}

export const explorationHandlers = [
  http.get(
    '/api/v2/chat_games',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const games = db.chatGames
        .findMany((q) => q.where({ uid }))
        .sort(
          (a, b) =>
            b.updated_at - a.updated_at || b.created_at - a.created_at || a.id.localeCompare(b.id),
        );
      const page = cursorPage(games, new URL(request.url));
      return ok({ data: page.data.map(gameOut), paging: page.paging });
    }),
  ),

  http.delete(
    '/api/v2/chat_games/{gameId}',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      deleteGame(ownGame(uid, params.gameId));
      return ok({});
    }),
  ),

  http.get(
    '/api/v2/chats/{chatId}',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      if (new URL(request.url).searchParams.get('support_stream') !== 'true')
        fail(42200, 'missing parameters: support_stream=true');
      return ok(chatOut(chat, game));
    }),
  ),

  http.get(
    '/api/v2/chats/{chatId}/played_options',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const { chat } = ownChat(uid, params.chatId);
      const played = db.chatOptions
        .findMany((q) => q.where({ chat_id: chat.id }))
        .filter((o) => o.played_at !== null)
        .sort((a, b) => b.played_at! - a.played_at! || a.id.localeCompare(b.id));
      const page = cursorPage(played, new URL(request.url));
      return ok({ data: page.data.map(optionOut), paging: page.paging });
    }),
  ),

  ...replyHandlers(),

  // Not swapped by the stream faults, whose reply is cut on the first try only: a retry answers.
  http.post(
    '/api/v2/chats/{chatId}/msgs/{msgId}/reply',
    handle(
      async ({
        request,
        params,
      }: {
        request: Request;
        params: { chatId: string; msgId: string };
      }) => {
        const uid = requireAuth(request);
        const { chat, game } = ownChat(uid, params.chatId);
        const latest = visibleMessages(chat.id).at(-1);
        if (!latest || latest.id !== params.msgId || latest.role !== 'player')
          fail(40411, 'record deleted: the message is not awaiting a reply');
        return replyStream({
          request,
          uid,
          chat,
          game,
          text: latest.content,
          option: null,
          existing: latest,
        });
      },
    ) as never,
  ),

  http.get(
    '/api/v2/chats/{chatId}/history',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const { chat } = ownChat(uid, params.chatId);
      const latestFirst = visibleMessages(chat.id).reverse();
      const page = cursorPage(latestFirst, new URL(request.url));
      return ok({ data: page.data.map(messageOut), paging: page.paging });
    }),
  ),

  http.get(
    '/api/v1/settings/chat_writing_models',
    handle(({ request }) => {
      requireAuth(request);
      const lang = servedLang(request);
      return ok({ data: CHAT_MODELS.map((m) => modelIn(m, lang)) });
    }),
  ),

  http.put(
    '/api/v2/chats/{chatId}/model',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      const body = await readBody(request);
      const model = await usableModelFor(uid, body.model_id);
      const updated = await db.chats.update((q) => q.where({ id: chat.id }), {
        data: (c) => void (c.model_id = model.id),
      });
      return ok(chatOut(updated ?? chat, game));
    }),
  ),

  http.get(
    '/api/v2/chats/{chatId}/universe',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      return ok(universeOut(universeOf(game), chat.id));
    }),
  ),

  http.put(
    '/api/v2/chats/{chatId}/universe/background',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      const body = await readBody(request);
      if (isTooLong(body.background, WORLD_SERVER_LIMITS.background))
        fail(42205, 'background length invalid');
      const universe = universeOf(game);
      const updated = await db.chatUniverses.update((q) => q.where({ id: universe.id }), {
        data: (u) => {
          u.background = body.background;
          u.updated_at = clock.nowS();
        },
      });
      return ok(universeOut(updated ?? universe, chat.id));
    }),
  ),

  http.get(
    '/api/v2/chats/{chatId}/universe/entries',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const { game } = ownChat(uid, params.chatId);
      const url = new URL(request.url);
      const type = url.searchParams.get('type');
      if (type !== null && type !== 'normal' && type !== 'character')
        fail(42200, 'missing parameters: type');
      const name = url.searchParams.get('name')?.trim() ?? '';
      const entries = entriesOf(game.universe_id)
        .filter((e) => (type ? e.type === type : true))
        .filter((e) => (name ? e.name.includes(name) : true))
        .sort((a, b) => a.name.localeCompare(b.name, 'zh') || a.id.localeCompare(b.id));
      const page = cursorPage(entries, url);
      return ok({ data: page.data.map(entryOf), paging: page.paging });
    }),
  ),

  http.post(
    '/api/v2/chats/{chatId}/universe/entries',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { game } = ownChat(uid, params.chatId);
      const body = await readBody(request);
      const fields = checkEntry(body);
      const now = clock.nowS();
      const entry = await db.chatEntries.create({
        ...fields,
        id: randomId('ce_'),
        universe_id: game.universe_id,
        image: body.image ?? '',
        created_at: now,
        updated_at: now,
      });
      return ok(entryOf(entry));
    }),
  ),

  http.get(
    '/api/v2/chats/{chatId}/universe/entries/{entryId}',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const { game } = ownChat(uid, params.chatId);
      return ok(entryOf(ownChatEntry(game, params.entryId)));
    }),
  ),

  http.put(
    '/api/v2/chats/{chatId}/universe/entries/{entryId}',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { game } = ownChat(uid, params.chatId);
      const entry = ownChatEntry(game, params.entryId);
      const body = await readBody(request);
      const fields = checkEntry(body);
      const updated = await db.chatEntries.update((q) => q.where({ id: entry.id }), {
        data: (e) => {
          Object.assign(e, fields);
          if (body.image !== undefined) e.image = body.image;
          e.updated_at = clock.nowS();
        },
      });
      return ok(entryOf(updated ?? entry));
    }),
  ),

  http.delete(
    '/api/v2/chats/{chatId}/universe/entries/{entryId}',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const { game } = ownChat(uid, params.chatId);
      const entry = ownChatEntry(game, params.entryId);
      db.chatEntries.delete((q) => q.where({ id: entry.id }));
      return ok({});
    }),
  ),

  http.post(
    '/api/v2/chats/{chatId}/universe/forbidden_words',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { game } = ownChat(uid, params.chatId);
      const body = await readBody(request);
      const word = nameText(body.word).trim();
      if (!word) fail(42200, 'missing parameters: word');
      if ([...word].length > EXPLORATION_LIMITS.forbiddenWord)
        fail(42212, 'forbidden word too long');
      const universe = universeOf(game);
      const existing = universe.forbidden_words.find(
        (w) => w.word.toLowerCase() === word.toLowerCase(),
      );
      if (existing) return ok({ ...existing });
      if (universe.forbidden_words.length >= EXPLORATION_LIMITS.forbiddenWords)
        fail(40301, 'at most 20 forbidden words');
      const added = { id: randomId('fw_'), word };
      await db.chatUniverses.update((q) => q.where({ id: universe.id }), {
        data: (u) => {
          u.forbidden_words.push(added);
          u.updated_at = clock.nowS();
        },
      });
      return ok(added);
    }),
  ),

  http.delete(
    '/api/v2/chats/{chatId}/universe/forbidden_words/{word}',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { game } = ownChat(uid, params.chatId);
      const universe = universeOf(game);
      const word = params.word.trim().toLowerCase();
      await db.chatUniverses.update((q) => q.where({ id: universe.id }), {
        data: (u) => {
          u.forbidden_words = u.forbidden_words.filter((w) => w.word.toLowerCase() !== word);
        },
      });
      return ok({});
    }),
  ),

  http.put(
    '/api/v2/chats/{chatId}/msgs/{msgId}',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      const message = db.chatMessages.findFirst((q) => q.where({ id: params.msgId }));
      if (!message || message.chat_id !== chat.id) fail(40411, 'record deleted');
      if (message.retracted) fail(40308, 'message retracted');
      const body = await readBody(request);
      checkBase(
        body.base_updated_at,
        message.updated_at ?? message.created_at,
        'message',
        messageOut(message),
      );
      const content = checkInput(
        body.content,
        message.role === 'player' ? EXPLORATION_LIMITS.input : EXPLORATION_LIMITS.reply,
      );
      const updated = await db.chatMessages.update((q) => q.where({ id: message.id }), {
        data: (m) => {
          m.content = content;
          m.edited = true;
          m.updated_at = nextVersionMs(m.updated_at ?? m.created_at);
        },
      });
      await touchChat(chat, game);
      return ok(messageOut(updated ?? message));
    }),
  ),

  http.post(
    '/api/v2/chats/{chatId}/msgs/{msgId}/branch',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      const message = db.chatMessages.findFirst((q) => q.where({ id: params.msgId }));
      if (!message || message.chat_id !== chat.id) fail(40411, 'record deleted');
      if (message.retracted) fail(40308, 'message retracted');
      const body = await readBody(request);
      const title = titleOr(body.title, defaultArchiveTitle());
      // The original is kept: saved first (a save point of its own kind, not the player's)
      // unless its latest state already is a save point.
      if (chat.rev !== chat.saved_rev || !hasArchiveOf(game))
        await createArchive(game, chat, 'auto', defaultArchiveTitle());
      const archive = await createArchive(game, chat, 'branch', title, message.seq);
      const frozen = db.chats.findFirst((q) => q.where({ id: archive.chat_id }))!;
      // The new current chat is a fresh copy of the branch: saved (rev = saved_rev = 0).
      const updated = await replaceCurrentChat(game, frozen);
      return ok({ game: gameOut(updated), archive: archiveOut(archive) });
    }),
  ),

  http.put(
    '/api/v2/chats/{chatId}/interactive_type',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      const body = await readBody(request);
      const updated = await db.chats.update((q) => q.where({ id: chat.id }), {
        data: (c) => void (c.interactive_type = body.interactive_type),
      });
      return ok(chatOut(updated ?? chat, game));
    }),
  ),

  http.put(
    '/api/v2/chats/{chatId}/task_guiding_mode',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      const body = await readBody(request);
      const updated = await db.chats.update((q) => q.where({ id: chat.id }), {
        data: (c) => void (c.task_guiding_mode = body.task_guiding_mode),
      });
      return ok(chatOut(updated ?? chat, game));
    }),
  ),

  http.post(
    '/api/v2/chats/{chatId}/story/recall_msg',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const { chat, game } = ownChat(uid, params.chatId);
      const body = await readBody(request);
      const message = db.chatMessages.findFirst((q) => q.where({ id: body.msg_id }));
      if (!message || message.chat_id !== chat.id) fail(40411, 'record deleted');
      if (message.retracted) fail(40308, 'message retracted');
      if (message.role !== 'player') fail(42200, 'missing parameters: not a player message');
      const later = messagesOf(chat.id).filter((m) => m.seq >= message.seq && !m.retracted);
      await db.chatMessages.updateMany((q) => q.where((m) => later.some((l) => l.id === m.id)), {
        data: (m) => void (m.retracted = true),
      });
      await withdrawOptions(chat.id);
      await touchChat(chat, game);
      return ok({ recalled_ids: later.map((m) => m.id), content: message.content });
    }),
  ),

  http.get(
    '/api/v2/chat_game/by_source',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const url = new URL(request.url);
      const world = sourceWorld(
        uid,
        url.searchParams.get('share_id'),
        url.searchParams.get('universe_id'),
      );
      const game = db.chatGames
        .findMany((q) => q.where({ uid, source_world_id: world.id }))
        .sort((a, b) => b.updated_at - a.updated_at || b.created_at - a.created_at)[0];
      return ok({
        game: game ? gameOut(game) : null,
        title: world.title,
        characters: recommendedOf(world).map(characterOf),
      });
    }),
  ),

  http.post(
    '/api/v2/chat_games/new_start',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const body = await readBody(request);
      const world = sourceWorld(uid, body.share_id, body.universe_id);
      const model = await usableModelFor(uid, body.model_id ?? DEFAULT_MODEL_ID);
      const game = await startGame(
        uid,
        world,
        { share_id: body.share_id ?? null, universe_id: body.universe_id ?? null },
        body.character_ids ?? [],
        model.id,
      );
      return ok(gameOut(game));
    }),
  ),

  http.get(
    '/api/v2/chat_games/{gameId}/chat_archives',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const game = ownGame(uid, params.gameId);
      const archives = db.chatArchives
        .findMany((q) => q.where({ game_id: game.id }))
        .sort((a, b) => b.created_at - a.created_at || b.id.localeCompare(a.id));
      const page = cursorPage(archives, new URL(request.url));
      return ok({ data: page.data.map(archiveOut), paging: page.paging });
    }),
  ),

  http.post(
    '/api/v2/chat_games/{gameId}/chat_archives',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const game = ownGame(uid, params.gameId);
      const body = await readBody(request);
      const title = titleOr(body.title, defaultArchiveTitle());
      const { chat } = ownChat(uid, game.chat_id);
      const archive = await createArchive(game, chat, 'manual', title);
      await db.chats.update((q) => q.where({ id: chat.id }), {
        data: (c) => void (c.saved_rev = c.rev),
      });
      return ok(archiveOut(archive));
    }),
  ),

  http.get(
    '/api/v2/chat_games/{gameId}/is_saved',
    handle(({ request, params }) => {
      const uid = requireAuth(request);
      const game = ownGame(uid, params.gameId);
      const { chat } = ownChat(uid, game.chat_id);
      return ok({ is_saved: chat.rev === chat.saved_rev });
    }),
  ),

  http.post(
    '/api/v2/chat_games/{gameId}/chat_archives/{archiveId}/load',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const game = ownGame(uid, params.gameId);
      const archive = db.chatArchives.findFirst((q) => q.where({ id: params.archiveId }));
      const frozen = archive && db.chats.findFirst((q) => q.where({ id: archive.chat_id }));
      if (!archive || archive.game_id !== game.id || !frozen) fail(40411, 'record deleted');
      const updated = await replaceCurrentChat(game, frozen);
      return ok(gameOut(updated));
    }),
  ),

  http.post(
    '/api/v2/chat_games/{gameId}/to_desk',
    handle(async ({ request, params }) => {
      const uid = requireAuth(request);
      const game = ownGame(uid, params.gameId);
      const body = await readBody(request);
      const archiveOf = (id: string) => {
        const a = db.chatArchives.findFirst((q) => q.where({ id }));
        if (!a || a.game_id !== game.id) fail(40411, 'record deleted');
        return a;
      };
      const to = archiveOf(body.to_archive_id);
      const skip = body.from_archive_id
        ? visibleMessages(archiveOf(body.from_archive_id).chat_id).length
        : 0;
      const name = titleOr(body.chapter_name, [...to.title].slice(0, 20).join(''));
      const story = db.stories.findFirst((q) => q.where({ id: body.story_id }));
      if (!story) fail(40402, 'story missing');
      if (story.uid !== uid) refuseOthersStory(story);
      if (story.deleted_at > 0) fail(40418, 'story deleted');
      const span = visibleMessages(to.chat_id).slice(skip);
      const content = deskProse(span);
      if (!span.length || [...content].length > CHAPTER_LIMIT)
        fail(42224, 'the span is empty or too long');
      const now = clock.nowS();
      const order = db.chapters.findMany((q) => q.where({ story_id: story.id })).length;
      const chapter = await db.chapters.create({
        id: randomId('c_'),
        story_id: story.id,
        name,
        content,
        order,
        published: false,
        created_at: now,
        updated_at: now,
      });
      await db.stories.update((q) => q.where({ id: story.id }), {
        data: (s) => void (s.updated_at = now),
      });
      return ok({ story_id: story.id, chapter_id: chapter.id });
    }),
  ),

  http.get(
    '/api/v2/chat_game_trans_acknowledge',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const row = db.chatTrans.findFirst((q) => q.where({ uid }));
      return ok({
        acknowledged: row?.acknowledged ?? false,
        converted_count: row?.converted_count ?? 0,
      });
    }),
  ),

  http.post(
    '/api/v2/chat_game_trans_acknowledge',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const row = db.chatTrans.findFirst((q) => q.where({ uid }));
      const saved = row
        ? await db.chatTrans.update((q) => q.where({ uid }), {
            data: (t) => void (t.acknowledged = true),
          })
        : await db.chatTrans.create({ uid, acknowledged: true, converted_count: 0 });
      return ok({ acknowledged: true, converted_count: saved?.converted_count ?? 0 });
    }),
  ),

  http.get(
    '/api/v1/user/benefits/dialogue',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const b = await dialogueOf(uid);
      return ok({
        free_left: b.free_left,
        free_total: b.free_total,
        pack_left: b.pack_left,
        refresh_at: b.refresh_at,
      });
    }),
  ),
];

function hasArchiveOf(game: ChatGameRecord): boolean {
  return db.chatArchives.findMany((q) => q.where({ game_id: game.id })).length > 0;
}
