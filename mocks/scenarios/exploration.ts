import { http as mswHttp } from 'msw';
import { clock } from '../clock';
import { randomId } from '../codes';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import { replyHandlers, startGame } from '../handlers/exploration';
import { composeReply } from '../handlers/exploration-reply';
import {
  DELETED_MODEL_ID,
  PAUSED_MODEL_ID,
  castOf,
  createArchive,
  deleteGame,
  dialogueOf,
  entriesOf,
} from '../handlers/exploration-store';

/**
 * Scenarios of exploration (chat games). The fault ones answer only their own calls, so the
 * rest of the app keeps working around them.
 */

/** Messages of the `chat-long` chat (the virtualised list's budget, issue 14). */
export const LONG_CHAT_MESSAGES = 5000;

function latestGame(uid: string) {
  return db.chatGames
    .findMany((q) => q.where({ uid }))
    .sort((a, b) => b.updated_at - a.updated_at || b.created_at - a.created_at)[0];
}

/** The user has no chat games (the empty list of /dashboard/exploration). */
export function explorationEmpty(uid: string = AUTHOR_UID): void {
  for (const game of db.chatGames.findMany((q) => q.where({ uid }))) deleteGame(game);
}

/**
 * A new game of the user's first world with recommended characters, whose chat holds 5,000
 * messages (alternating player and cast, Chinese), the latest played game. Answers its ids.
 */
export async function chatLong(
  uid: string = AUTHOR_UID,
  count: number = LONG_CHAT_MESSAGES,
): Promise<{ gameId: string; chatId: string }> {
  const world = db.worlds
    .findMany((q) => q.where({ uid }))
    .filter((w) => !w.deleted)
    .find((w) =>
      db.entries
        .findMany((q) => q.where({ universe_id: w.id }))
        .some((e) => e.type === 'character' && e.is_recommended && e.character_status === 'alive'),
    );
  if (!world) throw new Error(`chat-long: ${uid} has no world with recommended characters`);
  const game = await startGame(
    uid,
    world,
    { share_id: null, universe_id: world.id },
    [],
    'm_standard',
  );
  const chat = db.chats.findFirst((q) => q.where({ id: game.chat_id }))!;
  db.chatMessages.deleteMany((q) => q.where({ chat_id: chat.id }));
  const cast = castOf(chat);
  const universe = db.chatUniverses.findFirst((q) => q.where({ id: game.universe_id }))!;
  const entries = entriesOf(universe.id);
  const forbidden = universe.forbidden_words.map((w) => w.word);
  const start = clock.nowMs() - count * 30_000;
  for (let i = 0; i < count; i++) {
    const player = i % 2 === 0;
    const speaker = player ? null : (cast[(i >> 1) % Math.max(1, cast.length)] ?? null);
    const content = player
      ? `第 ${i / 2 + 1} 回合：我们继续往前走吧。`
      : composeReply({
          language: 'zh',
          display: 'chat',
          task: false,
          speaker,
          cast,
          entries,
          forbidden,
          goalsDone: [],
          input: '',
          seed: i,
        }).text;
    await db.chatMessages.create({
      id: `msg_long_${String(i).padStart(5, '0')}`,
      chat_id: chat.id,
      seq: i + 1,
      role: player ? 'player' : speaker ? 'character' : 'narrator',
      speaker_id: speaker?.id ?? null,
      speaker_name: speaker?.name ?? '',
      content,
      state: 'complete',
      option_id: null,
      edited: false,
      retracted: false,
      created_at: start + i * 30_000,
    });
  }
  await db.chats.update((q) => q.where({ id: chat.id }), {
    data: (c) => {
      c.next_seq = count + 1;
      c.rev = count;
      c.saved_rev = count;
    },
  });
  return { gameId: game.id, chatId: chat.id };
}

/** The user's latest game plays on a model that is paused (sending answers 42236). */
export async function modelPaused(uid: string = AUTHOR_UID): Promise<void> {
  const game = latestGame(uid);
  if (!game) return;
  await db.chats.update((q) => q.where({ id: game.chat_id }), {
    data: (c) => void (c.model_id = PAUSED_MODEL_ID),
  });
}

/** The user's latest game plays on a model that was deleted (sending answers 40413). */
export async function modelDeleted(uid: string = AUTHOR_UID): Promise<void> {
  const game = latestGame(uid);
  if (!game) return;
  await db.chats.update((q) => q.where({ id: game.chat_id }), {
    data: (c) => void (c.model_id = DELETED_MODEL_ID),
  });
}

/** No dialogue power left until tomorrow: sending answers 40260. */
export async function dialoguePowerEmpty(uid: string = AUTHOR_UID): Promise<void> {
  await dialogueOf(uid);
  await db.dialogueBenefits.update((q) => q.where({ uid }), {
    data: (b) => {
      b.free_left = 0;
      b.pack_left = 0;
      b.refresh_at = clock.nowS() + 86400;
    },
  });
}

/**
 * Version 3.0 has converted the user's old chats: each game gets a save point of its current
 * chat (kind `converted`) and the acknowledgement is pending (the one-time notice shows).
 */
export async function transPending(uid: string = AUTHOR_UID): Promise<void> {
  const games = db.chatGames.findMany((q) => q.where({ uid }));
  for (const game of games) {
    const chat = db.chats.findFirst((q) => q.where({ id: game.chat_id }));
    if (chat) await createArchive(game, chat, 'converted', '3.0');
  }
  const row = { acknowledged: false, converted_count: games.length };
  if (db.chatTrans.findFirst((q) => q.where({ uid })))
    await db.chatTrans.update((q) => q.where({ uid }), { data: (t) => void Object.assign(t, row) });
  else await db.chatTrans.create({ uid, ...row });
}

/**
 * The first reply to each message is cut halfway (a dropped connection): the reply is lost,
 * nothing is charged; a retry (not swapped here) answers.
 */
export function chatStreamDrops() {
  return replyHandlers({ dropMidReply: true });
}

/** The first reply to each message ends halfway with an `error` event (40420): nothing charged. */
export function chatReplyFails() {
  return replyHandlers({ failMidReply: true });
}

/**
 * Reading or writing the version 3.0 acknowledgement fails with error_code 0, an error_id and
 * the text to show as an error alert (spec 2 §8), in the request's language.
 */
export function transAckFails() {
  const failed = ({ request }: { request: Request }) => {
    const en = request.headers.get('lang')?.startsWith('en');
    const text = en
      ? 'Could not read the save-point conversion status. Please try again later.'
      : '存档转换状态读取失败，请稍后再试。';
    return Response.json(
      { error_code: 0, error_msg: text, content: null, error_id: randomId('err_') },
      { status: 500 },
    );
  };
  return [
    mswHttp.get('*/api/v2/chat_game_trans_acknowledge', failed),
    mswHttp.post('*/api/v2/chat_game_trans_acknowledge', failed),
  ];
}
