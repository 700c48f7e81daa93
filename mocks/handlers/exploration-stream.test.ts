import { beforeEach, describe, expect, it } from 'vitest';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { db } from '../db';
import { server } from '../server';
import { chatReplyFails, chatStreamDrops, dialoguePowerEmpty } from '../scenarios/exploration';
import { ownChat } from './exploration-store';
import { replyStream } from './exploration-reply';
import {
  type StreamResult,
  play,
  replyText,
  retryReply,
  send,
  startGame,
  stream,
} from './exploration-test-kit';
import { type Auth, call, expectError, get, ORIGIN, post, session } from './test-client';

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

const put = (path: string, body: unknown) => call('PUT', path, { body, auth });
const dialogue = async () => (await get('/api/v1/user/benefits/dialogue', auth)).body;
const power = async () => {
  const b = await dialogue();
  return (b.free_left as number) + (b.pack_left as number);
};
const optionsOf = (r: StreamResult) =>
  (r.events.find((e) => e.event === 'options')?.options ?? []) as Array<{
    id: string;
    text: string;
  }>;
const doneOf = (r: StreamResult) => r.events.find((e) => e.event === 'done');

/** The share of Han characters among letters: ~1 for Chinese text, 0 for English. */
function hanShare(text: string, names: readonly string[] = []): number {
  let t = text;
  for (const n of names) t = t.replaceAll(n, '');
  const han = (t.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (t.match(/[A-Za-z]/g) ?? []).length;
  return han / Math.max(1, han + latin);
}

describe('the reply stream', () => {
  it('streams start, deltas, options and done; the stored reply is the streamed text', async () => {
    const game = await startGame(auth);
    const r = await send(game.chat_id, '你好，我刚到这里。', auth);
    expect(r.status).toBe(200);
    const kinds = r.events.map((e) => e.event);
    expect(kinds[0]).toBe('start');
    expect(kinds.at(-1)).toBe('done');
    expect(kinds.at(-2)).toBe('options');
    expect(kinds.slice(1, -2).every((k) => k === 'delta')).toBe(true);
    const start = r.events[0]!;
    expect(start.player_message).toMatchObject({ role: 'player', content: '你好，我刚到这里。' });
    const done = doneOf(r)!;
    expect(done.charged).toBe(1);
    expect(done.message).toMatchObject({
      id: start.reply_id,
      content: replyText(r),
      state: 'complete',
      role: 'character',
      speaker_id: start.speaker_id,
    });
    const options = optionsOf(r);
    expect(options.length).toBeGreaterThanOrEqual(2);
    expect(options.length).toBeLessThanOrEqual(3);
    const history = await get(`/api/v2/chats/${game.chat_id}/history?limit=2`, auth);
    expect(history.body.data.map((m: { id: string }) => m.id)).toEqual([
      start.reply_id,
      (start.player_message as { id: string }).id,
    ]);
  });

  it('answers in the language of the input: Chinese to Chinese, Latin to English', async () => {
    const game = await startGame(auth);
    const names = game.cast.map((c: { name: string }) => c.name);
    // The world's own words (names, places, a goal) stay as written.
    const places = ['无字碑', '白鹿书院', '揭开身世之谜'];
    const zh = await send(game.chat_id, '那封信是谁留下的？', auth, 'en');
    expect(hanShare(replyText(zh), [...names, ...places])).toBeGreaterThan(0.9);
    const en = await send(game.chat_id, 'Who left that letter?', auth, 'zh');
    expect(hanShare(replyText(en), [...names, ...places])).toBeLessThan(0.05);
    for (const o of optionsOf(en))
      expect(hanShare(o.text, [...names, ...places])).toBeLessThan(0.05);
  });

  it("uses the chat world's entries: the named speaker, a mentioned entry, the speaker's goal", async () => {
    const game = await startGame(auth);
    const r = await send(game.chat_id, '季擎苍，白鹿书院在哪里？', auth);
    expect(r.events[0]!.speaker_name).toBe('季擎苍');
    const text = replyText(r);
    expect(text).toContain('说起白鹿书院');
    expect(text).toContain('揭开身世之谜');
    expect(optionsOf(r).map((o) => o.text)).toContain('帮助季擎苍：揭开身世之谜');
  });

  it('in story display narrates (no speaker); in free mode offers no options', async () => {
    const game = await startGame(auth);
    await put(`/api/v2/chats/${game.chat_id}/interactive_type`, { interactive_type: 'story' });
    await put(`/api/v2/chats/${game.chat_id}/task_guiding_mode`, { task_guiding_mode: 'free' });
    const r = await send(game.chat_id, '我们现在就出发吧。', auth);
    expect(r.events[0]).toMatchObject({ speaker_id: null, speaker_name: '' });
    expect(doneOf(r)!.message).toMatchObject({ role: 'narrator', speaker_id: null });
    expect(r.events.some((e) => e.event === 'options')).toBe(false);
  });

  it("never emits one of the chat world's forbidden words, in text or options", async () => {
    const game = await startGame(auth);
    const words = ['庞兰英', '门', '月', '风', '灯', '信', '你', 'the', 'door', 'rain', 'Follow'];
    for (const word of words)
      await post(`/api/v2/chats/${game.chat_id}/universe/forbidden_words`, { word }, auth);
    const inputs = ['庞兰英，你好', '白鹿书院在哪里？', 'Who left that letter?', '季擎苍，帮帮我'];
    for (let i = 0; i < 12; i++) {
      const r = await send(game.chat_id, inputs[i % inputs.length]!, auth);
      const emitted = [
        replyText(r),
        ...optionsOf(r).map((o) => o.text),
        (doneOf(r)?.message as { content?: string } | undefined)?.content ?? '',
      ].join('\n');
      for (const word of words) expect(emitted.toLowerCase()).not.toContain(word.toLowerCase());
    }
  });

  it('a reply that cannot be written without a forbidden word fails (40420) and costs nothing', async () => {
    const game = await startGame(auth);
    for (const word of ['。', '？', '！', '—', '…'])
      await post(`/api/v2/chats/${game.chat_id}/universe/forbidden_words`, { word }, auth);
    const before = await power();
    const r = await send(game.chat_id, '你好', auth);
    expect(r.events.map((e) => e.event)).toEqual(['start', 'error']);
    expect(r.events[1]).toMatchObject({ error_code: 40420, charged: 0, message: null });
    expect(await power()).toBe(before);
    const history = await get(`/api/v2/chats/${game.chat_id}/history?limit=1`, auth);
    expect(history.body.data[0]).toMatchObject({ role: 'player', content: '你好' });
  });
});

describe('dialogue power', () => {
  it('spends the model cost per reply, the daily free allowance first, then bought power', async () => {
    const game = await startGame(auth);
    const before = await dialogue();
    await send(game.chat_id, '你好', auth);
    expect((await dialogue()).free_left).toBe(before.free_left - 1);
    await put(`/api/v2/chats/${game.chat_id}/model`, { model_id: 'm_pro' });
    const r = await send(game.chat_id, '再说一遍', auth);
    expect(doneOf(r)!.charged).toBe(3);
    expect((await dialogue()).free_left).toBe(before.free_left - 4);
    await db.dialogueBenefits.update((q) => q.where({ uid: auth.uid }), {
      data: (b) => void (b.free_left = 1),
    });
    await send(game.chat_id, '第三句', auth);
    expect(await dialogue()).toMatchObject({ free_left: 0, pack_left: before.pack_left - 2 });
  });

  it('refuses with 40260 when a reply cannot be paid, storing nothing', async () => {
    const game = await startGame(auth);
    await dialoguePowerEmpty();
    const r = await send(game.chat_id, '你好', auth);
    expectError(r as never, 40260);
    expect(
      (await get(`/api/v2/chats/${game.chat_id}?support_stream=true`, auth)).body.message_count,
    ).toBe(1);
  });

  it('the free allowance refills when its day has passed', async () => {
    await dialoguePowerEmpty();
    await db.dialogueBenefits.update((q) => q.where({ uid: auth.uid }), {
      data: (b) => void (b.refresh_at = 1),
    });
    expect((await dialogue()).free_left).toBe(20);
  });

  it('a dropped connection (chat-stream-drops) keeps the input, loses the reply, charges nothing', async () => {
    server.use(...chatStreamDrops());
    const game = await startGame(auth);
    const before = await power();
    const r = await send(game.chat_id, '你好，我刚到这里。', auth);
    // (Node's fetch drops the lines queued before the break; a browser shows them.)
    expect(r.broken).toBe(true);
    expect(r.events.some((e) => e.event === 'done')).toBe(false);
    expect(await power()).toBe(before);
    const latest = (await get(`/api/v2/chats/${game.chat_id}/history?limit=1`, auth)).body.data[0];
    expect(latest).toMatchObject({ role: 'player', content: '你好，我刚到这里。' });
  });

  it('a reply failing halfway (chat-reply-fails) ends with error 40420 and charges nothing', async () => {
    server.use(...chatReplyFails());
    const game = await startGame(auth);
    const before = await power();
    const r = await send(game.chat_id, '你好，我刚到这里。', auth);
    expect(r.events.some((e) => e.event === 'delta')).toBe(true);
    expect(r.events.at(-1)).toMatchObject({ event: 'error', error_code: 40420, charged: 0 });
    expect(await power()).toBe(before);
  });
});

describe('retrying a reply that failed', () => {
  const chatOf = async (chatId: string) =>
    (await get(`/api/v2/chats/${chatId}?support_stream=true`, auth)).body;
  const latestOf = async (chatId: string) =>
    (await get(`/api/v2/chats/${chatId}/history?limit=2`, auth)).body.data as Array<
      Record<string, unknown>
    >;

  it('a cut reply leaves the message awaiting and the options on offer; the retry answers it, charged once', async () => {
    const game = await startGame(auth);
    await send(game.chat_id, '你好，我刚到这里。', auth);
    const offered = (await chatOf(game.chat_id)).pending_options;
    expect(offered.length).toBeGreaterThanOrEqual(2);
    server.use(...chatStreamDrops());
    const before = await power();
    const cut = await send(game.chat_id, '我们现在就出发吧。', auth);
    expect(cut.broken).toBe(true);
    expect(await power()).toBe(before);
    const [awaiting] = await latestOf(game.chat_id);
    expect(awaiting).toMatchObject({ role: 'player', content: '我们现在就出发吧。' });
    expect((await chatOf(game.chat_id)).pending_options).toEqual(offered);

    const r = await retryReply(game.chat_id, awaiting!.id as string, auth);
    expect(r.events[0]).toMatchObject({ event: 'start', player_message: { id: awaiting!.id } });
    expect(doneOf(r)!.charged).toBe(1);
    expect(await power()).toBe(before - 1);
    const [reply, player] = await latestOf(game.chat_id);
    expect(player).toMatchObject({ id: awaiting!.id });
    expect(reply).toMatchObject({
      id: doneOf(r)!.message && (doneOf(r)!.message as { id: string }).id,
    });
    // The old offer made way for the reply's own.
    const now = (await chatOf(game.chat_id)).pending_options as Array<{ id: string }>;
    expect(now.some((o) => offered.some((p: { id: string }) => p.id === o.id))).toBe(false);
    // Answered: asking again is refused, and charges nothing.
    expectError(await retryReply(game.chat_id, awaiting!.id as string, auth), 40411);
    expect(await power()).toBe(before - 1);
  });

  it('a reply failing halfway (chat-reply-fails) is retried too; only the latest player message can be', async () => {
    server.use(...chatReplyFails());
    const game = await startGame(auth);
    const before = await power();
    await send(game.chat_id, '你好，我刚到这里。', auth);
    const [awaiting] = await latestOf(game.chat_id);
    expectError(await retryReply(game.chat_id, 'msg_none', auth), 40411);
    const other = await session('u_official');
    expectError(await retryReply(game.chat_id, awaiting!.id as string, other), 40408);
    const r = await retryReply(game.chat_id, awaiting!.id as string, auth);
    expect(doneOf(r)!.charged).toBe(1);
    expect(await power()).toBe(before - 1);
  });
});

describe('stopping a reply', () => {
  async function begin(content = '你好，我刚到这里，能告诉我发生了什么吗？') {
    const game = await startGame(auth);
    const { chat, game: record } = ownChat(auth.uid, game.chat_id);
    const controller = new AbortController();
    const request = new Request(`${ORIGIN}/api/v2/chats/${chat.id}/messages`, {
      method: 'POST',
      headers: { lang: 'zh' },
      signal: controller.signal,
    });
    const response = await replyStream({
      request,
      uid: auth.uid,
      chat,
      game: record,
      text: content,
      option: null,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const next = async () =>
      JSON.parse(decoder.decode((await reader.read()).value)) as Record<string, unknown>;
    return { game, reader, next, controller };
  }

  it('keeps the text streamed so far as a stopped reply, charged once', async () => {
    const before = await power();
    const { game, reader, next } = await begin();
    const start = await next();
    const a = await next();
    const b = await next();
    await reader.cancel();
    const latest = (await get(`/api/v2/chats/${game.chat_id}/history?limit=1`, auth)).body.data[0];
    expect(latest).toMatchObject({
      id: start.reply_id,
      state: 'stopped',
      content: `${a.text as string}${b.text as string}`,
    });
    expect(await power()).toBe(before - 1);
  });

  it('a stop by aborting the request keeps the partial reply too', async () => {
    const { game, next, controller } = await begin();
    await next();
    const a = await next();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const latest = (await get(`/api/v2/chats/${game.chat_id}/history?limit=1`, auth)).body.data[0];
    expect(latest).toMatchObject({ state: 'stopped', content: a.text });
  });

  it('a stop before any text keeps no reply and charges nothing', async () => {
    const before = await power();
    const { game, reader, next } = await begin();
    await next();
    await reader.cancel();
    const latest = (await get(`/api/v2/chats/${game.chat_id}/history?limit=1`, auth)).body.data[0];
    expect(latest.role).toBe('player');
    expect(await power()).toBe(before);
  });
});

describe('refusals before streaming', () => {
  it('42224 for empty or too long input, 42200 without content, 40408 for a missing chat', async () => {
    const game = await startGame(auth);
    expectError((await send(game.chat_id, '   ', auth)) as never, 42224);
    expectError(
      (await send(game.chat_id, '字'.repeat(EXPLORATION_LIMITS.input + 1), auth)) as never,
      42224,
    );
    expect((await send(game.chat_id, '字'.repeat(EXPLORATION_LIMITS.input), auth)).status).toBe(
      200,
    );
    expectError((await stream(`/api/v2/chats/${game.chat_id}/messages`, {}, auth)) as never, 42200);
    expectError((await send('ch_nope', '你好', auth)) as never, 40408);
  });

  it('42247 for Chinese input on a model without Chinese; English still works', async () => {
    const game = await startGame(auth);
    await put(`/api/v2/chats/${game.chat_id}/model`, { model_id: 'm_swift' });
    expectError((await send(game.chat_id, '你好', auth)) as never, 42247);
    const en = await send(game.chat_id, 'Hello there', auth);
    expect(en.status).toBe(200);
    expect(
      hanShare(
        replyText(en),
        game.cast.map((c: { name: string }) => c.name),
      ),
    ).toBeLessThan(0.2);
  });

  it('40413 and 42236 when the chat holds a deleted or paused model', async () => {
    const game = await startGame(auth);
    for (const [model, code] of [
      ['m_legacy', 40413],
      ['m_night', 42236],
    ] as const) {
      await db.chats.update((q) => q.where({ id: game.chat_id }), {
        data: (c) => void (c.model_id = model),
      });
      expectError((await send(game.chat_id, '你好', auth)) as never, code);
    }
  });
});

describe('playing an option', () => {
  it('sends its text as the player message and withdraws the others', async () => {
    const game = await startGame(auth);
    const first = await send(game.chat_id, '你好', auth);
    const [chosen, other] = optionsOf(first);
    const r = await play(game.chat_id, chosen!.id, auth);
    expect(r.events[0]!.player_message).toMatchObject({
      content: chosen!.text,
      option_id: chosen!.id,
    });
    expect(doneOf(r)).toBeDefined();
    expectError((await play(game.chat_id, other!.id, auth)) as never, 40411);
    expectError((await play(game.chat_id, chosen!.id, auth)) as never, 40411);
  });

  it('reaching a goal through its option marks the goal done', async () => {
    const game = await startGame(auth);
    const first = await send(game.chat_id, '你好', auth);
    const goal = optionsOf(first).find((o) => o.text.startsWith('帮助季擎苍'))!;
    await play(game.chat_id, goal.id, auth);
    const chat = await get(`/api/v2/chats/${game.chat_id}?support_stream=true`, auth);
    expect(chat.body.goals).toEqual([expect.objectContaining({ name: '季擎苍', done: true })]);
  });

  it('answers each refusal with its code', async () => {
    const game = await startGame(auth);
    const first = await send(game.chat_id, '你好', auth);
    const option = optionsOf(first)[0]!;
    const path = `/api/v2/chats/${game.chat_id}/played_options`;
    expectError((await stream(path, {}, auth)) as never, 42200);
    expectError((await play('ch_nope', option.id, auth)) as never, 40408);
    await put(`/api/v2/chats/${game.chat_id}/model`, { model_id: 'm_swift' });
    expectError((await play(game.chat_id, option.id, auth)) as never, 42247);
    for (const [model, code] of [
      ['m_legacy', 40413],
      ['m_night', 42236],
    ] as const) {
      await db.chats.update((q) => q.where({ id: game.chat_id }), {
        data: (c) => void (c.model_id = model),
      });
      expectError((await play(game.chat_id, option.id, auth)) as never, code);
    }
    await put(`/api/v2/chats/${game.chat_id}/model`, { model_id: 'm_standard' });
    await dialoguePowerEmpty();
    expectError((await play(game.chat_id, option.id, auth)) as never, 40260);
    await put(`/api/v2/chats/${game.chat_id}/task_guiding_mode`, { task_guiding_mode: 'free' });
    expectError((await play(game.chat_id, option.id, auth)) as never, 40411);
  });
});
