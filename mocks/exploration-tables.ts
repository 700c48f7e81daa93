import * as v from 'valibot';

/**
 * Exploration (chat games, spec 2 §3, §4). A game is one player's exploration of one world; it
 * owns a copy of that world (`chatUniverse` + `chatEntries`, edits never reach the source) and
 * points at its current chat. Save points are frozen copies of a chat (`archived`), so later
 * play never changes them; loading or branching copies one into a new current chat.
 */
export const chatGame = v.object({
  id: v.string(),
  uid: v.string(),
  title: v.string(),
  cover: v.string(),
  /** The source world's row id (by_source finds the game by it). */
  source_world_id: v.string(),
  source_share_id: v.nullable(v.string()),
  source_universe_id: v.nullable(v.string()),
  universe_id: v.string(),
  chat_id: v.string(),
  created_at: v.number(),
  updated_at: v.number(),
});

export const chat = v.object({
  id: v.string(),
  game_id: v.string(),
  uid: v.string(),
  model_id: v.string(),
  interactive_type: v.picklist(['chat', 'story']),
  task_guiding_mode: v.picklist(['task', 'free']),
  /** Entry ids (in the game's chatEntries) of the cast, in speaking order. */
  cast: v.array(v.string()),
  /** Entry ids whose goal the player reached (task mode). */
  goals_done: v.array(v.string()),
  /** A save point's frozen copy (never played); false for a game's current chat. */
  archived: v.boolean(),
  /** Bumped by every change of the messages; `saved_rev` is its value at the last save. */
  rev: v.number(),
  saved_rev: v.number(),
  /** Next message sequence number. */
  next_seq: v.number(),
  created_at: v.number(),
  updated_at: v.number(),
});

export const chatMessage = v.object({
  id: v.string(),
  chat_id: v.string(),
  seq: v.number(),
  role: v.picklist(['player', 'character', 'narrator']),
  speaker_id: v.nullable(v.string()),
  speaker_name: v.string(),
  content: v.string(),
  state: v.picklist(['complete', 'stopped']),
  option_id: v.nullable(v.string()),
  edited: v.boolean(),
  retracted: v.boolean(),
  /** Unix milliseconds (mock clock). */
  created_at: v.number(),
  /** The message's version: unix milliseconds of its last edit (absent: `created_at`). */
  updated_at: v.optional(v.number()),
});

export const chatOption = v.object({
  id: v.string(),
  chat_id: v.string(),
  text: v.string(),
  reply_id: v.string(),
  /** The cast member whose goal this option reaches, if any. */
  goal_entry_id: v.nullable(v.string()),
  /** Unix milliseconds; null while on offer. */
  played_at: v.nullable(v.number()),
  withdrawn: v.boolean(),
  created_at: v.number(),
});

export const chatArchive = v.object({
  id: v.string(),
  game_id: v.string(),
  uid: v.string(),
  /** The frozen chat holding the save point's messages. */
  chat_id: v.string(),
  title: v.string(),
  kind: v.picklist(['manual', 'converted', 'branch', 'auto']),
  created_at: v.number(),
});

export const chatUniverse = v.object({
  id: v.string(),
  game_id: v.string(),
  uid: v.string(),
  title: v.string(),
  background: v.string(),
  cover: v.string(),
  forbidden_words: v.array(v.object({ id: v.string(), word: v.string() })),
  created_at: v.number(),
  updated_at: v.number(),
});

/** Dialogue power (spec 2 §7 "Power"): a daily free allowance spent first, then bought power. */
export const dialogueBenefits = v.object({
  uid: v.string(),
  free_left: v.number(),
  free_total: v.number(),
  pack_left: v.number(),
  /** Seconds: when the free allowance refills. */
  refresh_at: v.number(),
});

/** The version 3.0 conversion of old chats into save points, per user (spec 2 §4). */
export const chatTrans = v.object({
  uid: v.string(),
  acknowledged: v.boolean(),
  converted_count: v.number(),
});

export type ChatGameRecord = v.InferOutput<typeof chatGame>;
export type ChatRecord = v.InferOutput<typeof chat>;
export type ChatMessageRecord = v.InferOutput<typeof chatMessage>;
export type ChatOptionRecord = v.InferOutput<typeof chatOption>;
export type ChatArchiveRecord = v.InferOutput<typeof chatArchive>;
export type ChatUniverseRecord = v.InferOutput<typeof chatUniverse>;
export type DialogueBenefitsRecord = v.InferOutput<typeof dialogueBenefits>;
export type ChatTransRecord = v.InferOutput<typeof chatTrans>;

/** The exploration tables' names in a snapshot (schema 5). */
const EXPLORATION_TABLES = [
  'chatGames',
  'chats',
  'chatMessages',
  'chatOptions',
  'chatArchives',
  'chatUniverses',
  'chatEntries',
  'dialogueBenefits',
  'chatTrans',
] as const;

/**
 * Schema 4 -> 5: the exploration tables start empty (a visitor's saved data keeps everything
 * else; the seeded author's chat games come only with a fresh seed).
 */
export function addExplorationTables(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = { ...(data as Record<string, unknown>) };
  for (const name of EXPLORATION_TABLES) d[name] = Array.isArray(d[name]) ? d[name] : [];
  return d;
}
