import { beforeEach, describe, expect, it } from 'vitest';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import { server } from '../server';
import {
  chatLong,
  explorationEmpty,
  modelDeleted,
  modelPaused,
  transAckFails,
  transPending,
} from '../scenarios/exploration';
import { freeZeroPower, vipSub } from '../scenarios/payment';
import { DELETED_MODEL_ID, PAUSED_MODEL_ID, PRO_MODEL_ID } from './exploration-store';
import {
  AUTHOR_STORY,
  AUTHOR_WORLD,
  AUTHOR_WORLD_CAST,
  PRIVATE_WORLD,
  SHARED_WORLD_RECOMMENDED,
  SHARED_WORLD_SHARE_ID,
  TRASHED_STORY,
  send,
  startGame,
} from './exploration-test-kit';
import { type Auth, call, expectError, get, post, session } from './test-client';

let auth: Auth;
let other: Auth;
beforeEach(async () => {
  auth = await session();
  other = await session('u_official');
});

const put = (path: string, body: unknown, a: Auth = auth) => call('PUT', path, { body, auth: a });
const del = (path: string, a: Auth = auth) => call('DELETE', path, { auth: a });

/** Every exploration operation with a path that exists, for the auth checks. */
function everyOperation(chatId: string, gameId: string): Array<[string, string, unknown?]> {
  return [
    ['GET', '/api/v2/chat_games'],
    ['DELETE', `/api/v2/chat_games/${gameId}`],
    ['GET', `/api/v2/chats/${chatId}?support_stream=true`],
    ['GET', `/api/v2/chats/${chatId}/played_options`],
    ['POST', `/api/v2/chats/${chatId}/played_options`, { option_id: 'x' }],
    ['POST', `/api/v2/chats/${chatId}/messages`, { content: 'hi' }],
    ['GET', `/api/v2/chats/${chatId}/history`],
    ['GET', '/api/v1/settings/chat_writing_models'],
    ['PUT', `/api/v2/chats/${chatId}/model`, { model_id: 'm_pro' }],
    ['GET', `/api/v2/chats/${chatId}/universe`],
    ['PUT', `/api/v2/chats/${chatId}/universe/background`, { background: 'b' }],
    ['GET', `/api/v2/chats/${chatId}/universe/entries`],
    [
      'POST',
      `/api/v2/chats/${chatId}/universe/entries`,
      { name: 'n', description: '', type: 'normal' },
    ],
    ['GET', `/api/v2/chats/${chatId}/universe/entries/x`],
    [
      'PUT',
      `/api/v2/chats/${chatId}/universe/entries/x`,
      { name: 'n', description: '', type: 'normal' },
    ],
    ['DELETE', `/api/v2/chats/${chatId}/universe/entries/x`],
    ['POST', `/api/v2/chats/${chatId}/universe/forbidden_words`, { word: 'w' }],
    ['DELETE', `/api/v2/chats/${chatId}/universe/forbidden_words/w`],
    ['PUT', `/api/v2/chats/${chatId}/msgs/x`, { content: 'c' }],
    ['POST', `/api/v2/chats/${chatId}/msgs/x/branch`, {}],
    ['PUT', `/api/v2/chats/${chatId}/interactive_type`, { interactive_type: 'story' }],
    ['PUT', `/api/v2/chats/${chatId}/task_guiding_mode`, { task_guiding_mode: 'free' }],
    ['POST', `/api/v2/chats/${chatId}/story/recall_msg`, { msg_id: 'x' }],
    ['GET', `/api/v2/chat_game/by_source?universe_id=${AUTHOR_WORLD}`],
    ['POST', '/api/v2/chat_games/new_start', { universe_id: AUTHOR_WORLD }],
    ['GET', `/api/v2/chat_games/${gameId}/chat_archives`],
    ['POST', `/api/v2/chat_games/${gameId}/chat_archives`, {}],
    ['GET', `/api/v2/chat_games/${gameId}/is_saved`],
    ['POST', `/api/v2/chat_games/${gameId}/chat_archives/x/load`],
    [
      'POST',
      `/api/v2/chat_games/${gameId}/to_desk`,
      { from_archive_id: null, to_archive_id: 'x', story_id: AUTHOR_STORY },
    ],
    ['GET', '/api/v2/chat_game_trans_acknowledge'],
    ['POST', '/api/v2/chat_game_trans_acknowledge'],
    ['GET', '/api/v1/user/benefits/dialogue'],
  ];
}

describe('exploration: authentication', () => {
  it('answers 401/40103 to every operation without a valid token', async () => {
    const game = await startGame(auth);
    for (const [method, path, body] of everyOperation(game.chat_id, game.id)) {
      const answer = await call(method, path, {
        body,
        auth: { uid: AUTHOR_UID, access_token: 'not-a-token' },
      });
      expectError(answer, 40103, 401);
    }
  });
});

describe('exploration: games', () => {
  it('lists the seeded games of the author, latest played first, with paging by limit', async () => {
    const all = await get('/api/v2/chat_games', auth);
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(3);
    const times = all.body.data.map((g: { updated_at: number }) => g.updated_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = await get('/api/v2/chat_games?limit=2', auth);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.paging.next).toContain('limit=2');
    const second = await get(first.body.paging.next, auth);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.paging).toEqual({ has_prev: false, has_next: false, next: null });
  });

  it('puts limit=None in the next link when the request had no limit (spec 2 §5)', async () => {
    for (let i = 0; i < 20; i++) await startGame(auth);
    const page = await get('/api/v2/chat_games', auth);
    expect(page.body.data).toHaveLength(20);
    expect(page.body.paging.next).toContain('limit=None');
  });

  it('refuses a limit outside 1-50 or a forged cursor (42200)', async () => {
    expectError(await get('/api/v2/chat_games?limit=0', auth), 42200);
    expectError(await get('/api/v2/chat_games?limit=51', auth), 42200);
    expectError(await get('/api/v2/chat_games?limit=None', auth), 42200);
    expectError(await get('/api/v2/chat_games?cursor=zzz', auth), 42200);
  });

  it("deletes a game with its chats and world copy, never the source world; another's is 40408", async () => {
    const game = await startGame(auth);
    const entriesBefore = db.entries.findMany((q) => q.where({ universe_id: AUTHOR_WORLD })).length;
    expectError(await del(`/api/v2/chat_games/${game.id}`, other), 40408);
    expect((await del(`/api/v2/chat_games/${game.id}`)).status).toBe(200);
    expect(db.chats.findMany((q) => q.where({ game_id: game.id }))).toHaveLength(0);
    expect(db.chatEntries.findMany((q) => q.where({ universe_id: game.id }))).toHaveLength(0);
    expect(db.entries.findMany((q) => q.where({ universe_id: AUTHOR_WORLD })).length).toBe(
      entriesBefore,
    );
    expectError(await del(`/api/v2/chat_games/${game.id}`), 40408);
    expectError(await get(`/api/v2/chats/${game.chat_id}?support_stream=true`, auth), 40408);
  });
});

describe('exploration: by_source and new_start', () => {
  it('finds no game of a world not played yet, with its recommended characters to pick', async () => {
    const answer = await get(
      `/api/v2/chat_game/by_source?share_id=${SHARED_WORLD_SHARE_ID}`,
      other,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.game).toBeNull();
    expect(answer.body.characters.map((c: { entry_id: string }) => c.entry_id).sort()).toEqual(
      [...SHARED_WORLD_RECOMMENDED].sort(),
    );
  });

  it('starts from a shared world with the chosen cast, then finds that game by share id', async () => {
    const game = await startGame(other, {
      share_id: SHARED_WORLD_SHARE_ID,
      character_ids: [SHARED_WORLD_RECOMMENDED[1]],
    });
    expect(game.source_share_id).toBe(SHARED_WORLD_SHARE_ID);
    expect(game.cast).toHaveLength(1);
    expect(game.message_count).toBe(1); // the greeting
    const found = await get(`/api/v2/chat_game/by_source?share_id=${SHARED_WORLD_SHARE_ID}`, other);
    expect(found.body.game.id).toBe(game.id);
  });

  it('starts from my own world with all its recommended characters by default', async () => {
    const game = await startGame(auth, { universe_id: AUTHOR_WORLD });
    expect(game.cast.map((c: { name: string }) => c.name).sort()).toEqual(
      ['宋茗泽', '庞兰英', '季擎苍'].sort(),
    );
    const chat = await get(`/api/v2/chats/${game.chat_id}?support_stream=true`, auth);
    expect(chat.body).toMatchObject({
      model_id: 'm_standard',
      interactive_type: 'chat',
      task_guiding_mode: 'task',
    });
    expect(chat.body.goals).toEqual([
      expect.objectContaining({ name: '季擎苍', target: '揭开身世之谜', done: false }),
    ]);
  });

  it('refuses another user’s private world, an unknown share, or a missing world (40403)', async () => {
    expectError(
      await get(`/api/v2/chat_game/by_source?universe_id=${PRIVATE_WORLD}`, other),
      40403,
    );
    expectError(await get('/api/v2/chat_game/by_source?share_id=s_nope', auth), 40403);
    expectError(
      await post('/api/v2/chat_games/new_start', { universe_id: PRIVATE_WORLD }, other),
      40403,
    );
    expectError(await post('/api/v2/chat_games/new_start', { universe_id: 'w_nope' }, auth), 40403);
  });

  it('needs exactly one source and recommended characters only (42200)', async () => {
    expectError(await get('/api/v2/chat_game/by_source', auth), 42200);
    expectError(
      await get(`/api/v2/chat_game/by_source?share_id=x&universe_id=${AUTHOR_WORLD}`, auth),
      42200,
    );
    expectError(await post('/api/v2/chat_games/new_start', {}, auth), 42200);
    expectError(
      await post(
        '/api/v2/chat_games/new_start',
        { universe_id: AUTHOR_WORLD, character_ids: ['e_xzhubwwgev'] }, // dead, not recommended
        auth,
      ),
      42200,
    );
  });

  it('refuses a deleted (40413) or paused (42236) starting model', async () => {
    const start = (model_id: string) =>
      post('/api/v2/chat_games/new_start', { universe_id: AUTHOR_WORLD, model_id }, auth);
    expectError(await start(DELETED_MODEL_ID), 40413);
    expectError(await start(PAUSED_MODEL_ID), 42236);
    expect((await start(AUTHOR_WORLD_CAST.length ? 'm_pro' : 'm_pro')).status).toBe(200);
  });
});

describe('exploration: the chat', () => {
  it('asks for support_stream=true (42200) and hides another user’s chat (40408)', async () => {
    const game = await startGame(auth);
    expectError(await get(`/api/v2/chats/${game.chat_id}`, auth), 42200);
    expectError(await get(`/api/v2/chats/${game.chat_id}?support_stream=false`, auth), 42200);
    expectError(await get(`/api/v2/chats/${game.chat_id}?support_stream=true`, other), 40408);
  });

  it('lists the models with one paused; switching to deleted or paused is refused', async () => {
    const models = await get('/api/v1/settings/chat_writing_models', auth);
    expect(models.body.data.map((m: { id: string }) => m.id)).not.toContain(DELETED_MODEL_ID);
    expect(models.body.data.find((m: { id: string }) => m.id === PAUSED_MODEL_ID).status).toBe(
      'paused',
    );
    const game = await startGame(auth);
    const path = `/api/v2/chats/${game.chat_id}/model`;
    expectError(await put(path, { model_id: DELETED_MODEL_ID }), 40413);
    expectError(await put(path, { model_id: PAUSED_MODEL_ID }), 42236);
    expectError(await put(path, {}), 42200);
    expectError(await put(path, { model_id: 'm_pro' }, other), 40408);
    expect((await put(path, { model_id: 'm_pro' })).body.model_id).toBe('m_pro');
  });

  it('switches display and play mode; free mode hides the options on offer, task mode has them back', async () => {
    const game = await startGame(auth);
    await send(game.chat_id, '你好', auth);
    const chatPath = `/api/v2/chats/${game.chat_id}`;
    const story = await put(`${chatPath}/interactive_type`, { interactive_type: 'story' });
    expect(story.body.interactive_type).toBe('story');
    expect(story.body.pending_options.length).toBeGreaterThanOrEqual(2);
    const free = await put(`${chatPath}/task_guiding_mode`, { task_guiding_mode: 'free' });
    expect(free.body).toMatchObject({ task_guiding_mode: 'free', pending_options: [], goals: [] });
    const task = await put(`${chatPath}/task_guiding_mode`, { task_guiding_mode: 'task' });
    expect(task.body.pending_options).toEqual(story.body.pending_options);
    expectError(await put(`${chatPath}/interactive_type`, { interactive_type: 'novel' }), 42200);
    expectError(await put(`${chatPath}/task_guiding_mode`, { task_guiding_mode: 'x' }), 42200);
    expectError(
      await put(`${chatPath}/interactive_type`, { interactive_type: 'chat' }, other),
      40408,
    );
    expectError(
      await put(`${chatPath}/task_guiding_mode`, { task_guiding_mode: 'task' }, other),
      40408,
    );
  });

  it('pages the history back from the latest message with limit and the next link', async () => {
    const game = await startGame(auth);
    for (const text of ['一', '二', '三']) await send(game.chat_id, text, auth);
    const first = await get(`/api/v2/chats/${game.chat_id}/history?limit=4`, auth);
    expect(first.body.data).toHaveLength(4);
    const seqs = first.body.data.map((m: { created_at: number }) => m.created_at);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
    expect(first.body.data[1]).toMatchObject({ role: 'player', content: '三' });
    const rest = await get(first.body.paging.next, auth);
    expect(rest.body.data).toHaveLength(3); // greeting + 一 + its reply
    expect(rest.body.data.at(-1).role).toBe('character');
    expectError(await get(`/api/v2/chats/${game.chat_id}/history?limit=99`, auth), 42200);
    expectError(await get(`/api/v2/chats/${game.chat_id}/history`, other), 40408);
  });

  it('lists played options latest first (40408 for another user, 42200 for a bad limit)', async () => {
    const game = await startGame(auth);
    const first = await send(game.chat_id, '你好', auth);
    const options = first.events.find((e) => e.event === 'options')!.options as Array<{
      id: string;
    }>;
    const { play } = await import('./exploration-test-kit');
    await play(game.chat_id, options[0]!.id, auth);
    const played = await get(`/api/v2/chats/${game.chat_id}/played_options?limit=5`, auth);
    expect(played.body.data).toHaveLength(1);
    expect(played.body.data[0].id).toBe(options[0]!.id);
    expect(played.body.data[0].played_at).toEqual(expect.any(Number));
    expectError(await get(`/api/v2/chats/${game.chat_id}/played_options`, other), 40408);
    expectError(await get(`/api/v2/chats/${game.chat_id}/played_options?limit=x`, auth), 42200);
  });
});

describe('exploration: editing and recalling messages', () => {
  it('edits a message (player text 1-500, 42224), 40411 for an unknown one, 40308 once recalled', async () => {
    const game = await startGame(auth);
    const r = await send(game.chat_id, '我想去白鹿书院看看。', auth);
    const player = (r.events[0]!.player_message as { id: string }).id;
    const path = `/api/v2/chats/${game.chat_id}/msgs/${player}`;
    const edited = await put(path, { content: '  我想去无字碑看看。 ' });
    expect(edited.body).toMatchObject({ content: '我想去无字碑看看。', edited: true });
    expectError(await put(path, { content: '   ' }), 42224);
    expectError(await put(path, { content: '字'.repeat(EXPLORATION_LIMITS.input + 1) }), 42224);
    expectError(await put(path, {}), 42200);
    expectError(await put(`/api/v2/chats/${game.chat_id}/msgs/msg_nope`, { content: 'x' }), 40411);
    expectError(await put(path, { content: 'x' }, other), 40408);
    // A reply may be longer than an input.
    const reply = (r.events.at(-1)!.message as { id: string }).id;
    const long = '字'.repeat(EXPLORATION_LIMITS.input + 1);
    expect(
      (await put(`/api/v2/chats/${game.chat_id}/msgs/${reply}`, { content: long })).status,
    ).toBe(200);
    await post(`/api/v2/chats/${game.chat_id}/story/recall_msg`, { msg_id: player }, auth);
    expectError(await put(path, { content: 'x' }), 40308);
  });

  it('refuses an edit based on an older version of the message (40920), answering it as it is now', async () => {
    const game = await startGame(auth);
    const r = await send(game.chat_id, '我推开了门。', auth);
    const sent = r.events[0]!.player_message as { id: string; updated_at: number };
    const path = `/api/v2/chats/${game.chat_id}/msgs/${sent.id}`;
    const first = await put(path, {
      content: '一号标签页的改写',
      base_updated_at: sent.updated_at,
    });
    expect(first.body.updated_at).toBeGreaterThan(sent.updated_at);
    const second = await put(path, {
      content: '二号标签页的改写',
      base_updated_at: sent.updated_at,
    });
    expectError(second, 40920);
    expect(second.body.content).toMatchObject({
      id: sent.id,
      content: '一号标签页的改写',
      updated_at: first.body.updated_at,
    });
    const next = { content: '二号标签页的改写', base_updated_at: first.body.updated_at };
    expect((await put(path, next)).body.content).toBe('二号标签页的改写');
  });

  it('recalls a player message and every later one, answering its text; twice is 40308', async () => {
    const game = await startGame(auth);
    const a = await send(game.chat_id, '第一句', auth);
    await send(game.chat_id, '第二句', auth);
    const first = (a.events[0]!.player_message as { id: string }).id;
    const recall = (msg_id: string, who = auth) =>
      post(`/api/v2/chats/${game.chat_id}/story/recall_msg`, { msg_id }, who);
    const answer = await recall(first);
    expect(answer.body.content).toBe('第一句');
    expect(answer.body.recalled_ids).toHaveLength(4);
    const history = await get(`/api/v2/chats/${game.chat_id}/history`, auth);
    expect(history.body.data).toHaveLength(1); // the greeting
    expectError(await recall(first), 40308);
    expectError(await recall('msg_nope'), 40411);
    expectError(await recall(history.body.data[0].id), 42200); // not the player's
    expectError(await post(`/api/v2/chats/${game.chat_id}/story/recall_msg`, {}, auth), 42200);
    expectError(await recall(first, other), 40408);
  });
});

describe("exploration: the chat's world", () => {
  it('is a copy: editing background, entries and words never touches the source world', async () => {
    const game = await startGame(auth);
    const base = `/api/v2/chats/${game.chat_id}/universe`;
    const source = db.worlds.findFirst((q) => q.where({ id: AUTHOR_WORLD }))!;
    const universe = await get(base, auth);
    expect(universe.body).toMatchObject({ title: source.title, background: source.background });
    expect(universe.body.forbidden_words.map((w: { word: string }) => w.word)).toEqual(
      source.forbidden_words.map((w) => w.word),
    );
    const bg = await put(`${base}/background`, { background: '新的背景' });
    expect(bg.body.background).toBe('新的背景');
    expect(db.worlds.findFirst((q) => q.where({ id: AUTHOR_WORLD }))!.background).toBe(
      source.background,
    );
    expectError(await put(`${base}/background`, { background: '长'.repeat(301) }), 42205);
    expectError(await put(`${base}/background`, {}), 42200);
    expectError(await put(`${base}/background`, { background: 'x' }, other), 40408);
    expectError(await get(base, other), 40408);
  });

  it('lists entries with type and name filters and limit paging', async () => {
    const game = await startGame(auth);
    const base = `/api/v2/chats/${game.chat_id}/universe/entries`;
    const all = await get(base, auth);
    expect(all.body.data).toHaveLength(6);
    const characters = await get(`${base}?type=character`, auth);
    expect(characters.body.data).toHaveLength(4);
    const named = await get(`${base}?name=${encodeURIComponent('白鹿')}`, auth);
    expect(named.body.data.map((e: { name: string }) => e.name)).toEqual(['白鹿书院']);
    const paged = await get(`${base}?limit=4`, auth);
    expect(paged.body.data).toHaveLength(4);
    expect((await get(paged.body.paging.next, auth)).body.data).toHaveLength(2);
    expectError(await get(`${base}?type=place`, auth), 42200);
    expectError(await get(`${base}?limit=0`, auth), 42200);
    expectError(await get(base, other), 40408);
  });

  it('creates, reads, edits and deletes entries with the world rules and 40404', async () => {
    const game = await startGame(auth);
    const base = `/api/v2/chats/${game.chat_id}/universe/entries`;
    const made = await post(
      base,
      { name: '沈青', description: '剑客', type: 'character', character_target: '找回剑' },
      auth,
    );
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    expect((await get(`${base}/${id}`, auth)).body.name).toBe('沈青');
    const edited = await put(`${base}/${id}`, {
      name: '沈青',
      description: '老剑客',
      type: 'character',
    });
    expect(edited.body.description).toBe('老剑客');
    // An avatar passed by the upload pipeline reaches the entry through `image`; omitted keeps it.
    const image = '/mock-oss/files/img_1';
    const withImage = await put(`${base}/${id}`, {
      name: '沈青',
      description: '老剑客',
      type: 'character',
      image,
    });
    expect(withImage.body.image).toBe(image);
    const kept = await put(`${base}/${id}`, {
      name: '沈青',
      description: '剑客',
      type: 'character',
    });
    expect(kept.body.image).toBe(image);
    const bad: Array<[unknown, number]> = [
      [{ name: '', description: '', type: 'normal' }, 42200],
      [{ name: '名'.repeat(21), description: '', type: 'normal' }, 42206],
      [{ name: '  ', description: 'x', type: 'normal' }, 42206],
      [{ name: 'n', description: '描'.repeat(151), type: 'normal' }, 42207],
      [{ name: 'A-B', description: '', type: 'character' }, 42256],
      [
        { name: '阿青', description: '', type: 'character', character_target: '目'.repeat(31) },
        42257,
      ],
    ];
    for (const [body, code] of bad) {
      expectError(await post(base, body, auth), code);
      expectError(await put(`${base}/${id}`, body), code);
    }
    expect((await del(`${base}/${id}`)).status).toBe(200);
    expectError(await get(`${base}/${id}`, auth), 40404);
    expectError(await put(`${base}/${id}`, { name: 'x', description: '', type: 'normal' }), 40404);
    expectError(await del(`${base}/${id}`), 40404);
    // An entry of the source world is not an entry of the copy.
    expectError(await get(`${base}/${AUTHOR_WORLD_CAST[0]}`, auth), 40404);
    expectError(await get(`${base}/${id}`, other), 40408);
    expectError(await post(base, { name: 'x', description: '', type: 'normal' }, other), 40408);
    expectError(
      await put(`${base}/${id}`, { name: 'x', description: '', type: 'normal' }, other),
      40408,
    );
    expectError(await del(`${base}/${id}`, other), 40408);
  });

  it('takes forbidden words of at most 10 characters (42212), at most 20 (40301), by word', async () => {
    const game = await startGame(auth);
    const base = `/api/v2/chats/${game.chat_id}/universe/forbidden_words`;
    const start = (await get(`/api/v2/chats/${game.chat_id}/universe`, auth)).body.forbidden_words
      .length as number;
    expectError(await post(base, { word: '十一个字的禁止词语哈哈哈' }, auth), 42212);
    expectError(await post(base, { word: '   ' }, auth), 42200);
    expectError(await post(base, {}, auth), 42200);
    expect((await post(base, { word: '十个字的禁止词语哈哈' }, auth)).status).toBe(200);
    const again = await post(base, { word: '十个字的禁止词语哈哈' }, auth);
    expect(again.body.word).toBe('十个字的禁止词语哈哈');
    for (let i = start + 1; i < EXPLORATION_LIMITS.forbiddenWords; i++)
      expect((await post(base, { word: `词${i}` }, auth)).status).toBe(200);
    expectError(await post(base, { word: '第二十一' }, auth), 40301);
    expect((await del(`${base}/${encodeURIComponent('十个字的禁止词语哈哈')}`)).status).toBe(200);
    expect((await del(`${base}/${encodeURIComponent('不在列表')}`)).status).toBe(200);
    const words = (await get(`/api/v2/chats/${game.chat_id}/universe`, auth)).body.forbidden_words;
    expect(words).toHaveLength(EXPLORATION_LIMITS.forbiddenWords - 1);
    expectError(await post(base, { word: 'x' }, other), 40408);
    expectError(await del(`${base}/x`, other), 40408);
    // The source world keeps its own words.
    expect(db.worlds.findFirst((q) => q.where({ id: AUTHOR_WORLD }))!.forbidden_words).toHaveLength(
      3,
    );
  });
});

describe('exploration: save points', () => {
  it('adds, lists and loads save points; is_saved follows the progress', async () => {
    const game = await startGame(auth);
    const base = `/api/v2/chat_games/${game.id}`;
    await send(game.chat_id, '第一句', auth);
    expect((await get(`${base}/is_saved`, auth)).body.is_saved).toBe(false);
    const saved = await post(`${base}/chat_archives`, { title: '第一站' }, auth);
    expect(saved.body).toMatchObject({ title: '第一站', kind: 'manual', message_count: 3 });
    expect((await get(`${base}/is_saved`, auth)).body.is_saved).toBe(true);
    await send(game.chat_id, '第二句', auth);
    expect((await get(`${base}/is_saved`, auth)).body.is_saved).toBe(false);
    const untitled = await post(`${base}/chat_archives`, {}, auth);
    expect(untitled.body.title).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const list = await get(`${base}/chat_archives?limit=1`, auth);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.paging.next).toContain('limit=1');
    const loaded = await post(`${base}/chat_archives/${saved.body.id}/load`, undefined, auth);
    expect(loaded.body.message_count).toBe(3);
    expect(loaded.body.chat_id).not.toBe(game.chat_id);
    expectError(await get(`/api/v2/chats/${game.chat_id}?support_stream=true`, auth), 40408);
    expect((await get(`${base}/is_saved`, auth)).body.is_saved).toBe(true);
    // Playing on does not change the save point.
    await send(loaded.body.chat_id, '另一条路', auth);
    const again = await get(`${base}/chat_archives`, auth);
    expect(again.body.data.find((a: { id: string }) => a.id === saved.body.id).message_count).toBe(
      3,
    );
  });

  it('answers 40411 for an unknown save point, 40408 for another user, 42200 for a long title', async () => {
    const game = await startGame(auth);
    const base = `/api/v2/chat_games/${game.id}`;
    expectError(await post(`${base}/chat_archives/ar_nope/load`, undefined, auth), 40411);
    expectError(await post(`${base}/chat_archives`, { title: '题'.repeat(21) }, auth), 42200);
    expectError(await post(`${base}/chat_archives`, {}, other), 40408);
    expectError(await get(`${base}/chat_archives`, other), 40408);
    expectError(await get(`${base}/chat_archives?limit=0`, auth), 42200);
    expectError(await get(`${base}/is_saved`, other), 40408);
    expectError(await post(`${base}/chat_archives/ar_nope/load`, undefined, other), 40408);
  });

  it('branches from an earlier message: the original kept, a new save point continued', async () => {
    const game = await startGame(auth);
    const one = await send(game.chat_id, '第一句', auth);
    await send(game.chat_id, '第二句', auth);
    const reply1 = (one.events.at(-1)!.message as { id: string }).id;
    const branch = await post(
      `/api/v2/chats/${game.chat_id}/msgs/${reply1}/branch`,
      { title: '岔路' },
      auth,
    );
    expect(branch.status).toBe(200);
    expect(branch.body.archive).toMatchObject({ title: '岔路', kind: 'branch', message_count: 3 });
    expect(branch.body.game.message_count).toBe(3);
    const archives = await get(`/api/v2/chat_games/${game.id}/chat_archives`, auth);
    const kept = archives.body.data.map((a: { message_count: number; kind: string }) => [
      a.message_count,
      a.kind,
    ]);
    // The branch, and the original (all 5 messages), kept automatically: not the player's save.
    expect(kept.sort()).toEqual([
      [3, 'branch'],
      [5, 'auto'],
    ]);
    const history = await get(`/api/v2/chats/${branch.body.game.chat_id}/history`, auth);
    expect(history.body.data[0].id).not.toBe(reply1); // a copy
    expect(history.body.data[0].content).toBe(
      (one.events.at(-1)!.message as { content: string }).content,
    );
    // A second branch of an unchanged chat does not save the original again.
    const again = await post(
      `/api/v2/chats/${branch.body.game.chat_id}/msgs/${history.body.data[2].id}/branch`,
      {},
      auth,
    );
    expect(again.body.archive.message_count).toBe(1);
    expect((await get(`/api/v2/chat_games/${game.id}/chat_archives`, auth)).body.data).toHaveLength(
      3,
    );
  });

  it('refuses to branch from a recalled (40308) or unknown (40411) message, or another user’s chat', async () => {
    const game = await startGame(auth);
    const r = await send(game.chat_id, '第一句', auth);
    const player = (r.events[0]!.player_message as { id: string }).id;
    await post(`/api/v2/chats/${game.chat_id}/story/recall_msg`, { msg_id: player }, auth);
    const path = (id: string) => `/api/v2/chats/${game.chat_id}/msgs/${id}/branch`;
    expectError(await post(path(player), {}, auth), 40308);
    expectError(await post(path('msg_nope'), {}, auth), 40411);
    expectError(await post(path(player), {}, other), 40408);
    const greeting = (await get(`/api/v2/chats/${game.chat_id}/history`, auth)).body.data[0].id;
    expectError(await post(path(greeting), { title: '题'.repeat(21) }, auth), 42200);
  });
});

describe('exploration: to the desk', () => {
  async function twoSavePoints() {
    const game = await startGame(auth);
    const base = `/api/v2/chat_games/${game.id}`;
    const first = await post(`${base}/chat_archives`, { title: '起点' }, auth);
    await send(game.chat_id, '我想去白鹿书院看看。', auth);
    await send(game.chat_id, 'Who left that letter?', auth);
    const second = await post(`${base}/chat_archives`, { title: '书院之行' }, auth);
    return { game, base, from: first.body.id as string, to: second.body.id as string };
  }

  it('turns the messages between two save points into a new chapter of my story', async () => {
    const { base, from, to } = await twoSavePoints();
    const chaptersBefore = db.chapters.findMany((q) => q.where({ story_id: AUTHOR_STORY })).length;
    const answer = await post(
      `${base}/to_desk`,
      { from_archive_id: from, to_archive_id: to, story_id: AUTHOR_STORY },
      auth,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.story_id).toBe(AUTHOR_STORY);
    const chapter = db.chapters.findFirst((q) => q.where({ id: answer.body.chapter_id }))!;
    expect(chapter).toMatchObject({ name: '书院之行', published: false, order: chaptersBefore });
    expect(chapter.content).toContain('“我想去白鹿书院看看。”');
    expect(chapter.content).toContain('"Who left that letter?"');
    expect(chapter.content).not.toContain('我是'); // the greeting lies before the span
    const fromStart = await post(
      `${base}/to_desk`,
      { from_archive_id: null, to_archive_id: to, story_id: AUTHOR_STORY, chapter_name: '全程' },
      auth,
    );
    const whole = db.chapters.findFirst((q) => q.where({ id: fromStart.body.chapter_id }))!;
    expect(whole.name).toBe('全程');
    expect(whole.content.split('\n\n')).toHaveLength(5);
  });

  it('answers each refusal with its code', async () => {
    const { base, from, to } = await twoSavePoints();
    const desk = (body: Record<string, unknown>, who = auth) =>
      post(
        `${base}/to_desk`,
        { from_archive_id: from, to_archive_id: to, story_id: AUTHOR_STORY, ...body },
        who,
      );
    expectError(await desk({ story_id: 'n_nope' }), 40402);
    expectError(await desk({ story_id: TRASHED_STORY }), 40418);
    const foreign = db.stories.findFirst((q) =>
      q.where((s) => s.uid !== AUTHOR_UID && s.deleted_at === 0),
    )!;
    expect(foreign.share_status).not.toBe('private');
    expectError(await desk({ story_id: foreign.id }), 40330);
    // Another user's private story is missing for the caller: the very answer of an unknown id.
    await db.stories.update((q) => q.where({ id: foreign.id }), {
      data: (s) => void (s.share_status = 'private'),
    });
    const unknown = await desk({ story_id: 'n_nope' });
    const theirs = await desk({ story_id: foreign.id });
    expect({ status: theirs.status, body: theirs.body }).toEqual({
      status: unknown.status,
      body: unknown.body,
    });
    expectError(await desk({ to_archive_id: 'ar_nope' }), 40411);
    expectError(await desk({ from_archive_id: 'ar_nope' }), 40411);
    expectError(await desk({ from_archive_id: to, to_archive_id: from }), 42224); // empty span
    expectError(await desk({ chapter_name: '名'.repeat(21) }), 42200);
    expectError(await desk({ story_id: undefined }), 42200);
    expectError(await desk({}, other), 40408);
  });
});

describe('exploration: version 3.0 acknowledgement and dialogue power', () => {
  it('reads and writes the acknowledgement per user', async () => {
    expect((await get('/api/v2/chat_game_trans_acknowledge', auth)).body).toEqual({
      acknowledged: true,
      converted_count: 0,
    });
    expect((await get('/api/v2/chat_game_trans_acknowledge', other)).body.acknowledged).toBe(false);
    expect(
      (await post('/api/v2/chat_game_trans_acknowledge', undefined, other)).body.acknowledged,
    ).toBe(true);
    expect((await get('/api/v2/chat_game_trans_acknowledge', other)).body.acknowledged).toBe(true);
  });

  it('trans-pending: old chats became converted save points and the notice is due', async () => {
    await transPending();
    const state = await get('/api/v2/chat_game_trans_acknowledge', auth);
    expect(state.body).toEqual({ acknowledged: false, converted_count: 3 });
    const games = (await get('/api/v2/chat_games', auth)).body.data;
    const archives = await get(`/api/v2/chat_games/${games[0].id}/chat_archives`, auth);
    expect(archives.body.data[0].kind).toBe('converted');
    const acked = await post('/api/v2/chat_game_trans_acknowledge', undefined, auth);
    expect(acked.body).toEqual({ acknowledged: true, converted_count: 3 });
  });

  it('trans-ack-fails: both calls answer error_code 0 with an error_id and the text to show', async () => {
    server.use(...transAckFails());
    for (const answer of [
      await get('/api/v2/chat_game_trans_acknowledge', auth),
      await post('/api/v2/chat_game_trans_acknowledge', undefined, auth),
    ]) {
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({
        error_code: 0,
        error_id: expect.stringMatching(/^err_/),
      });
      expect(answer.body.error_msg).toContain('存档');
    }
  });

  it('answers the dialogue power, a new user getting the daily free allowance', async () => {
    expect((await get('/api/v1/user/benefits/dialogue', auth)).body).toMatchObject({
      free_total: 20,
      pack_left: 300,
    });
    expect((await get('/api/v1/user/benefits/dialogue', other)).body).toMatchObject({
      free_left: 20,
      free_total: 20,
      pack_left: 0,
    });
  });
});

describe('exploration: scenarios', () => {
  it('exploration-empty leaves no game', async () => {
    explorationEmpty();
    expect((await get('/api/v2/chat_games', auth)).body.data).toEqual([]);
    expect(db.chatMessages.findMany((q) => q.where({ chat_id: (id) => id.length > 0 }))).toEqual(
      [],
    );
  });

  it('chat-long makes the latest game a chat of 5,000 messages, paged from the end', async () => {
    const { gameId, chatId } = await chatLong();
    const games = (await get('/api/v2/chat_games?limit=1', auth)).body.data;
    expect(games[0]).toMatchObject({ id: gameId, message_count: 5000 });
    const page = await get(`/api/v2/chats/${chatId}/history?limit=50`, auth);
    expect(page.body.data[0].id).toBe('msg_long_04999');
    expect(page.body.data).toHaveLength(50);
    expect((await get(`/api/v2/chat_games/${gameId}/is_saved`, auth)).body.is_saved).toBe(true);
  }, 30_000);

  it('model-paused and model-deleted make the latest game answer 42236 and 40413', async () => {
    const latest = async () => (await get('/api/v2/chat_games?limit=1', auth)).body.data[0];
    await modelPaused();
    expectError(await send((await latest()).chat_id, '你好', auth), 42236);
    await modelDeleted();
    const game = await latest();
    expectError(await send(game.chat_id, '你好', auth), 40413);
    expect(
      (await get(`/api/v2/chats/${game.chat_id}?support_stream=true`, auth)).body.model_id,
    ).toBe(DELETED_MODEL_ID);
  });
});

describe('exploration: the pro model is for members only (spec 2 §6)', () => {
  it('refuses a free user choosing or using it (40340), and a member neither', async () => {
    await freeZeroPower();
    const models = (await get('/api/v1/settings/chat_writing_models', auth)).body.data;
    expect(models.find((m: { id: string }) => m.id === PRO_MODEL_ID).members_only).toBe(true);
    const start = (model_id: string) =>
      post('/api/v2/chat_games/new_start', { universe_id: AUTHOR_WORLD, model_id }, auth);
    expectError(await start(PRO_MODEL_ID), 40340, 403);

    const game = await startGame(auth);
    const path = `/api/v2/chats/${game.chat_id}/model`;
    expectError(await put(path, { model_id: PRO_MODEL_ID }), 40340, 403);
    // A chat that holds it from a lapsed membership cannot use it: nothing stored or charged.
    await db.chats.update((q) => q.where({ id: game.chat_id }), {
      data: (c) => void (c.model_id = PRO_MODEL_ID),
    });
    const before = (await get('/api/v1/user/benefits/dialogue', auth)).body;
    const count = () => db.chatMessages.findMany((q) => q.where({ chat_id: game.chat_id })).length;
    const stored = count();
    const refused = await send(game.chat_id, '你好', auth);
    expectError({ status: refused.status, body: refused.body }, 40340, 403);
    expect(count()).toBe(stored);
    expect((await get('/api/v1/user/benefits/dialogue', auth)).body).toEqual(before);

    await vipSub();
    expect((await put(path, { model_id: PRO_MODEL_ID })).body.model_id).toBe(PRO_MODEL_ID);
    expect((await send(game.chat_id, '你好', auth)).status).toBe(200);
    expect((await start(PRO_MODEL_ID)).status).toBe(200);
  });
});
