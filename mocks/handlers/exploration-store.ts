import type { components } from '@/api/schema.gen';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { clock } from '../clock';
import { randomId } from '../codes';
import {
  db,
  type ChatArchiveRecord,
  type ChatGameRecord,
  type ChatMessageRecord,
  type ChatOptionRecord,
  type ChatRecord,
  type ChatUniverseRecord,
  type DialogueBenefitsRecord,
  type EntryRecord,
} from '../db';
import { fail } from '../http';
import { isMember } from '../payments';

/**
 * The exploration tables' lookups, answer shapes, copies and cursor paging, shared by the
 * handlers (exploration.ts), the reply stream (exploration-reply.ts), the scenarios and the seed.
 */

type Paging = components['schemas']['Paging'];
type ChatGame = components['schemas']['ChatGame'];
type Chat = components['schemas']['Chat'];
type ChatMessage = components['schemas']['ChatMessage'];
type ChatCharacter = components['schemas']['ChatCharacter'];
type PlayedOption = components['schemas']['PlayedOption'];
type ChatArchive = components['schemas']['ChatArchive'];
type ChatUniverse = components['schemas']['ChatUniverse'];
type ChatModel = components['schemas']['ChatModel'];

// ------------------------------------------------------------------ models

/**
 * The chat models (spec 2 §7 chat_writing_models). `m_night` is paused (42236) and `m_legacy`
 * is deleted: not listed, but a chat may still hold it (40413). `m_swift` takes no Chinese
 * input (42247). Names and descriptions in Chinese; English ones in `../served-copy.ts`.
 */
export const CHAT_MODELS: readonly ChatModel[] = [
  {
    id: 'm_standard',
    name: '墨境标准',
    description: '中英文皆宜的均衡角色扮演。',
    status: 'available',
    supports_chinese: true,
    cost: 1,
    is_default: true,
  },
  {
    id: 'm_pro',
    name: '墨境 Pro',
    description: '回复更长、更丰富；会员专享。',
    status: 'available',
    supports_chinese: true,
    cost: 3,
    is_default: false,
    members_only: true,
  },
  {
    id: 'm_swift',
    name: 'Swift（仅英文）',
    description: '快速回复，只收英文输入。',
    status: 'available',
    supports_chinese: false,
    cost: 1,
    is_default: false,
  },
  {
    id: 'm_night',
    name: '夜航',
    description: '维护中，暂停使用。',
    status: 'paused',
    supports_chinese: true,
    cost: 2,
    is_default: false,
  },
];

export const DEFAULT_MODEL_ID = 'm_standard';
export const PAUSED_MODEL_ID = 'm_night';
export const ENGLISH_ONLY_MODEL_ID = 'm_swift';
/** A model that was deleted: unknown to the list, still held by old chats. */
export const DELETED_MODEL_ID = 'm_legacy';

/** The usable model `id`: 40413 when deleted or unknown, 42236 when paused. */
export function usableModel(id: string): ChatModel {
  const model = CHAT_MODELS.find((m) => m.id === id);
  if (!model) fail(40413, 'model deleted');
  if (model.status === 'paused') fail(42236, 'model paused');
  return model;
}

/** The pro model, which only members may choose or use (spec 2 §6). */
export const PRO_MODEL_ID = 'm_pro';

/** `usableModel` for `uid`: a members-only model refuses a free user (40340). */
export async function usableModelFor(uid: string, id: string): Promise<ChatModel> {
  const model = usableModel(id);
  if (model.members_only && !(await isMember(uid))) fail(40340, 'model for members only');
  return model;
}

// ------------------------------------------------------------------ lookups

/** The caller's game, else 40408 (another user's game is missing for the caller). */
export function ownGame(uid: string, id: string): ChatGameRecord {
  const game = db.chatGames.findFirst((q) => q.where({ id }));
  if (!game || game.uid !== uid) fail(40408, 'exploration missing');
  return game;
}

/** The caller's playable chat (a game's current chat), else 40408. */
export function ownChat(uid: string, id: string): { chat: ChatRecord; game: ChatGameRecord } {
  const chat = db.chats.findFirst((q) => q.where({ id }));
  if (!chat || chat.uid !== uid || chat.archived) fail(40408, 'exploration missing');
  const game = db.chatGames.findFirst((q) => q.where({ id: chat.game_id }));
  if (!game || game.chat_id !== chat.id) fail(40408, 'exploration missing');
  return { chat, game };
}

export function universeOf(game: ChatGameRecord): ChatUniverseRecord {
  const u = db.chatUniverses.findFirst((q) => q.where({ id: game.universe_id }));
  if (!u) fail(40408, 'exploration missing');
  return u;
}

export function entriesOf(universeId: string): EntryRecord[] {
  return db.chatEntries.findMany((q) => q.where({ universe_id: universeId }));
}

/** An entry of the game's world copy, else 40404 (role entry deleted). */
export function ownChatEntry(game: ChatGameRecord, entryId: string): EntryRecord {
  const e = db.chatEntries.findFirst((q) => q.where({ id: entryId }));
  if (!e || e.universe_id !== game.universe_id) fail(40404, 'role entry deleted');
  return e;
}

/** Every message of a chat, oldest first (recalled ones included). */
export function messagesOf(chatId: string): ChatMessageRecord[] {
  return db.chatMessages
    .findMany((q) => q.where({ chat_id: chatId }))
    .sort((a, b) => a.seq - b.seq);
}

/** The messages the player sees, oldest first. */
export function visibleMessages(chatId: string): ChatMessageRecord[] {
  return messagesOf(chatId).filter((m) => !m.retracted);
}

export function pendingOptions(chatId: string): ChatOptionRecord[] {
  return db.chatOptions
    .findMany((q) => q.where({ chat_id: chatId }))
    .filter((o) => o.played_at === null && !o.withdrawn)
    .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
}

// ------------------------------------------------------------------ shapes

export function preview(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > EXPLORATION_LIMITS.preview
    ? chars.slice(0, EXPLORATION_LIMITS.preview).join('')
    : chars.join('');
}

export function characterOf(e: EntryRecord): ChatCharacter {
  return { entry_id: e.id, name: e.name, description: e.description, image: e.image };
}

/** The cast members still in the world copy (a deleted entry no longer speaks). */
export function castOf(chat: ChatRecord): EntryRecord[] {
  return chat.cast.flatMap((id) => {
    const e = db.chatEntries.findFirst((q) => q.where({ id }));
    return e ? [e] : [];
  });
}

export function gameOut(game: ChatGameRecord): ChatGame {
  const chat = db.chats.findFirst((q) => q.where({ id: game.chat_id }));
  const messages = chat ? visibleMessages(chat.id) : [];
  return {
    id: game.id,
    title: game.title,
    cover: game.cover,
    source_share_id: game.source_share_id,
    source_universe_id: game.source_universe_id,
    chat_id: game.chat_id,
    cast: chat ? castOf(chat).map(characterOf) : [],
    message_count: messages.length,
    last_message: preview(messages.at(-1)?.content ?? ''),
    created_at: game.created_at,
    updated_at: game.updated_at,
  };
}

export function optionOut(o: ChatOptionRecord): PlayedOption {
  return {
    id: o.id,
    chat_id: o.chat_id,
    text: o.text,
    reply_id: o.reply_id,
    played_at: o.played_at,
  };
}

export function chatOut(chat: ChatRecord, game: ChatGameRecord): Chat {
  const cast = castOf(chat);
  const task = chat.task_guiding_mode === 'task';
  return {
    id: chat.id,
    game_id: game.id,
    title: game.title,
    model_id: chat.model_id,
    interactive_type: chat.interactive_type,
    task_guiding_mode: chat.task_guiding_mode,
    cast: cast.map(characterOf),
    goals: task
      ? cast
          .filter((e) => e.character_target.trim())
          .map((e) => ({
            entry_id: e.id,
            name: e.name,
            target: e.character_target,
            done: chat.goals_done.includes(e.id),
          }))
      : [],
    pending_options: task ? pendingOptions(chat.id).map(optionOut) : [],
    message_count: visibleMessages(chat.id).length,
    support_stream: true,
  };
}

export function messageOut(m: ChatMessageRecord): ChatMessage {
  return {
    id: m.id,
    chat_id: m.chat_id,
    role: m.role,
    speaker_id: m.speaker_id,
    speaker_name: m.speaker_name,
    content: m.content,
    state: m.state,
    option_id: m.option_id,
    edited: m.edited,
    created_at: m.created_at,
    updated_at: m.updated_at ?? m.created_at,
  };
}

export function archiveOut(a: ChatArchiveRecord): ChatArchive {
  const messages = visibleMessages(a.chat_id);
  return {
    id: a.id,
    game_id: a.game_id,
    title: a.title,
    kind: a.kind,
    message_count: messages.length,
    last_message: preview(messages.at(-1)?.content ?? ''),
    created_at: a.created_at,
  };
}

export function universeOut(u: ChatUniverseRecord, chatId: string): ChatUniverse {
  return {
    id: u.id,
    chat_id: chatId,
    title: u.title,
    background: u.background,
    cover: u.cover,
    forbidden_words: u.forbidden_words.map((w) => ({ ...w })),
    entry_count: entriesOf(u.id).length,
  };
}

// ------------------------------------------------------------------ cursor paging

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;

/**
 * One cursor page of `items` (the social lists' paging): `limit` 1-50, default 20, anything
 * else (including `None`) 42200; the cursor is base64 of `o:<offset>`. `paging.next` is the link
 * of the next page and carries `limit=None` when the request had no limit (spec 2 §5).
 */
export function cursorPage<T>(items: readonly T[], url: URL): { data: T[]; paging: Paging } {
  const raw = url.searchParams.get('limit');
  let limit = DEFAULT_LIMIT;
  if (raw !== null) {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_LIMIT)
      fail(42200, 'missing parameters: limit');
    limit = n;
  }
  const start = readCursor(url);
  const data = items.slice(start, start + limit);
  const more = start + limit < items.length;
  let next: string | null = null;
  if (more) {
    const n = new URL(url);
    n.searchParams.set('cursor', btoa(`o:${start + limit}`));
    n.searchParams.set('limit', raw === null ? 'None' : String(limit));
    next = n.pathname + n.search;
  }
  return { data, paging: { has_prev: more, has_next: more, next } };
}

/** A cursor that is there but is not one this server issued: not a missing parameter. */
const BAD_CURSOR = 'invalid parameters: cursor is not a position this server issued';

function readCursor(url: URL): number {
  const raw = url.searchParams.get('cursor');
  if (raw === null || raw === '') return 0;
  let text = '';
  try {
    text = atob(raw);
  } catch {
    fail(42200, BAD_CURSOR);
  }
  const match = /^o:(\d{1,9})$/.exec(text);
  if (!match) fail(42200, BAD_CURSOR);
  return Number(match[1]);
}

// ------------------------------------------------------------------ writes

/** Records that the chat's messages changed (is_saved turns false) and the game was played. */
export async function touchChat(chat: ChatRecord, game: ChatGameRecord): Promise<void> {
  const now = clock.nowS();
  await db.chats.update((q) => q.where({ id: chat.id }), {
    data: (c) => {
      c.rev += 1;
      c.updated_at = now;
    },
  });
  await db.chatGames.update((q) => q.where({ id: game.id }), {
    data: (g) => void (g.updated_at = now),
  });
}

export async function withdrawOptions(chatId: string): Promise<void> {
  await db.chatOptions.updateMany(
    (q) => q.where((o) => o.chat_id === chatId && o.played_at === null && !o.withdrawn),
    { data: (o) => void (o.withdrawn = true) },
  );
}

/**
 * Copies a chat with its visible messages up to `uptoSeq` (all when absent) and its played
 * options, as a save point's frozen copy (`archived`) or a new current chat.
 */
export async function copyChat(
  source: ChatRecord,
  archived: boolean,
  uptoSeq = Infinity,
): Promise<ChatRecord> {
  const now = clock.nowS();
  const messages = visibleMessages(source.id).filter((m) => m.seq <= uptoSeq);
  const copy = await db.chats.create({
    ...source,
    id: randomId('ch_'),
    cast: [...source.cast],
    goals_done: [...source.goals_done],
    archived,
    rev: 0,
    saved_rev: 0,
    next_seq: (messages.at(-1)?.seq ?? 0) + 1,
    created_at: now,
    updated_at: now,
  });
  const ids = new Map<string, string>();
  for (const m of messages) {
    const id = randomId('msg_');
    ids.set(m.id, id);
    await db.chatMessages.create({ ...m, id, chat_id: copy.id });
  }
  const played = db.chatOptions
    .findMany((q) => q.where({ chat_id: source.id }))
    .filter((o) => o.played_at !== null && ids.has(o.reply_id));
  for (const o of played)
    await db.chatOptions.create({
      ...o,
      id: randomId('opt_'),
      chat_id: copy.id,
      reply_id: ids.get(o.reply_id)!,
    });
  return copy;
}

/** Deletes a chat with its messages and options. */
export function deleteChat(chatId: string): void {
  db.chatMessages.deleteMany((q) => q.where({ chat_id: chatId }));
  db.chatOptions.deleteMany((q) => q.where({ chat_id: chatId }));
  db.chats.delete((q) => q.where({ id: chatId }));
}

/** `2026-11-25 16:05` (UTC): the default title of a save point. */
export function defaultArchiveTitle(nowS = clock.nowS()): string {
  return new Date(nowS * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

export async function createArchive(
  game: ChatGameRecord,
  chat: ChatRecord,
  kind: ChatArchiveRecord['kind'],
  title: string,
  uptoSeq = Infinity,
): Promise<ChatArchiveRecord> {
  const frozen = await copyChat(chat, true, uptoSeq);
  return db.chatArchives.create({
    id: randomId('ar_'),
    game_id: game.id,
    uid: game.uid,
    chat_id: frozen.id,
    title,
    kind,
    created_at: clock.nowS(),
  });
}

/** Makes a new current chat from `source` (a frozen copy) and drops the previous current chat. */
export async function replaceCurrentChat(
  game: ChatGameRecord,
  source: ChatRecord,
  uptoSeq = Infinity,
): Promise<ChatGameRecord> {
  const current = await copyChat(source, false, uptoSeq);
  const previous = game.chat_id;
  const updated = await db.chatGames.update((q) => q.where({ id: game.id }), {
    data: (g) => {
      g.chat_id = current.id;
      g.updated_at = clock.nowS();
    },
  });
  if (previous !== current.id) deleteChat(previous);
  return updated ?? game;
}

/** Deletes a game with all its chats, save points and its world copy. */
export function deleteGame(game: ChatGameRecord): void {
  for (const c of db.chats.findMany((q) => q.where({ game_id: game.id }))) deleteChat(c.id);
  db.chatArchives.deleteMany((q) => q.where({ game_id: game.id }));
  db.chatEntries.deleteMany((q) => q.where({ universe_id: game.universe_id }));
  db.chatUniverses.delete((q) => q.where({ id: game.universe_id }));
  db.chatGames.delete((q) => q.where({ id: game.id }));
}

// ------------------------------------------------------------------ dialogue power

/** A new user's daily free dialogue power (chosen here; the spec shows no amounts). */
export const DAILY_FREE_DIALOGUE = 20;

function nextMidnightS(nowS: number): number {
  return (Math.floor(nowS / 86400) + 1) * 86400;
}

/** The user's dialogue power, the free allowance refilled when its day has passed. */
export async function dialogueOf(uid: string): Promise<DialogueBenefitsRecord> {
  const now = clock.nowS();
  const row = db.dialogueBenefits.findFirst((q) => q.where({ uid }));
  if (!row)
    return db.dialogueBenefits.create({
      uid,
      free_left: DAILY_FREE_DIALOGUE,
      free_total: DAILY_FREE_DIALOGUE,
      pack_left: 0,
      refresh_at: nextMidnightS(now),
    });
  if (now < row.refresh_at) return row;
  const refreshed = await db.dialogueBenefits.update((q) => q.where({ uid }), {
    data: (b) => {
      b.free_left = b.free_total;
      b.refresh_at = nextMidnightS(now);
    },
  });
  return refreshed ?? row;
}

/** 40260 when the user cannot pay `cost`. */
export async function assertDialoguePower(uid: string, cost: number): Promise<void> {
  const b = await dialogueOf(uid);
  if (b.free_left + b.pack_left < cost)
    fail(40260, 'not enough dialogue power', { needed: cost, balance: b.free_left + b.pack_left });
}

/** Spends `cost`: the free allowance first, then bought power. */
export async function spendDialogue(uid: string, cost: number): Promise<void> {
  await dialogueOf(uid);
  await db.dialogueBenefits.update((q) => q.where({ uid }), {
    data: (b) => {
      const fromFree = Math.min(b.free_left, cost);
      b.free_left -= fromFree;
      b.pack_left = Math.max(0, b.pack_left - (cost - fromFree));
    },
  });
}
