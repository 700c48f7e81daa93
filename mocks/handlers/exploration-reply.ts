import { HttpResponse, delay } from 'msw';
import type { components } from '@/api/schema.gen';
import { EXPLORATION_LIMITS, hasChinese } from '@/rules/exploration-limits';
import { clock } from '../clock';
import { randomId } from '../codes';
import {
  db,
  type ChatGameRecord,
  type ChatMessageRecord,
  type ChatOptionRecord,
  type ChatRecord,
  type EntryRecord,
} from '../db';
import { fail, latency } from '../http';
import { EN_PLACES, ZH_PLACES } from '../prose';
import {
  assertDialoguePower,
  castOf,
  entriesOf,
  messageOut,
  optionOut,
  spendDialogue,
  touchChat,
  universeOf,
  usableModelFor,
  visibleMessages,
  withdrawOptions,
} from './exploration-store';
import {
  detectLanguage,
  hashString,
  seededRandom,
  writeProse,
  type ProseLanguage,
} from './writing-prose';

/**
 * The mock "model" of exploration and the reply stream. A reply is in the language of the
 * input, spoken by a cast member (chat display) or narrated (story display), names the chat
 * world's entries (a description when the input mentions an entry, the speaker's goal in task
 * mode) and never contains one of the world's forbidden words: any piece that would is dropped.
 */

type ChatStreamEvent = components['schemas']['ChatStreamEvent'];

// ------------------------------------------------------------------ composition

const ZH_SPEECH = [
  '你说的这些，我也曾想过。',
  '先别急，听我把话说完。',
  '这件事没有你想的那么简单。',
  '我等你很久了。',
  '嘘——外面有人。',
  '你若真想知道，就随我来。',
  '我信你一次，可别让我后悔。',
];
const EN_SPEECH = [
  'I have wondered about that too.',
  'Easy now. Let me finish.',
  'It is not as simple as you think.',
  'I have been waiting for you.',
  'Hush, someone is outside.',
  'If you truly want to know, follow me.',
  'I will trust you this once. Do not make me regret it.',
];
const ZH_GREETING = ['你终于来了。', '又是一个迷路的旅人？', '来得正好，我正有事相求。'];
const EN_GREETING = [
  'So you have come at last.',
  'Another lost traveller?',
  'Good timing. I need a hand.',
];
const ZH_OPTIONS = [
  '追问{name}：“{place}究竟发生了什么？”',
  '跟随{name}前往{place}',
  '独自留下，查看四周的动静',
  '向{name}坦白自己的来意',
];
const EN_OPTIONS = [
  'Ask {name}: "What really happened in {place}?"',
  'Follow {name} to {place}',
  'Stay behind and look around',
  'Tell {name} why you came',
];
const FALLBACK_OPTIONS = {
  zh: ['继续', '沉默片刻', '转身离开'],
  en: ['Go on', 'Stay silent', 'Walk away'],
};

export interface ReplyContext {
  language: ProseLanguage;
  display: ChatRecord['interactive_type'];
  task: boolean;
  /** The cast member who speaks (null: the narrator). */
  speaker: EntryRecord | null;
  cast: readonly EntryRecord[];
  /** Every entry of the chat's world copy. */
  entries: readonly EntryRecord[];
  forbidden: readonly string[];
  goalsDone: readonly string[];
  input: string;
  seed: number;
}

export interface ComposedReply {
  text: string;
  options: Array<{ text: string; goal_entry_id: string | null }>;
}

export function containsForbidden(text: string, forbidden: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return forbidden.some((w) => w && lower.includes(w.toLowerCase()));
}

/** The first sentence of an entry's description, at most 40 characters. */
function firstSentence(text: string): string {
  const s = (text.match(/^[^。！？!?.\n]+[。！？!?.]?/) ?? [''])[0].trim();
  const chars = [...s];
  return chars.length > 40 ? chars.slice(0, 40).join('') + '…' : s;
}

/** Places for options: the world's normal entries, else the prose bank's. */
function placesOf(ctx: Pick<ReplyContext, 'entries' | 'language'>): string[] {
  const own = ctx.entries.filter((e) => e.type === 'normal' && e.name).map((e) => e.name);
  return own.length ? own : ctx.language === 'zh' ? ZH_PLACES : EN_PLACES;
}

/** The cast member the input names, else the next in turn. */
export function pickSpeaker(
  cast: readonly EntryRecord[],
  input: string,
  turn: number,
): EntryRecord | null {
  if (!cast.length) return null;
  return cast.find((e) => e.name && input.includes(e.name)) ?? cast[turn % cast.length] ?? null;
}

export function composeReply(ctx: ReplyContext): ComposedReply {
  const random = seededRandom(ctx.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const zh = ctx.language === 'zh';
  const names = ctx.cast.map((e) => e.name).filter(Boolean);
  const places = placesOf(ctx).filter((p) => !containsForbidden(p, ctx.forbidden));
  const proseCtx = {
    language: ctx.language,
    names: ctx.speaker ? [ctx.speaker.name] : names,
    places: places.filter((p) => !ZH_PLACES.includes(p) && !EN_PLACES.includes(p)),
    forbidden: ctx.forbidden,
  };
  const parts: string[] = [];
  if (ctx.display === 'chat' && ctx.speaker) parts.push(pick(zh ? ZH_SPEECH : EN_SPEECH));
  parts.push(writeProse(proseCtx, ctx.display === 'story' ? 90 : 40, ctx.seed));
  const mentioned = ctx.entries.find(
    (e) => e.name && e.id !== ctx.speaker?.id && ctx.input.includes(e.name) && e.description,
  );
  if (mentioned) {
    const about = firstSentence(mentioned.description);
    parts.push(zh ? `说起${mentioned.name}——${about}` : `About ${mentioned.name}: ${about}`);
  }
  const goal = ctx.speaker?.character_target.trim();
  if (ctx.task && ctx.speaker && goal && !ctx.goalsDone.includes(ctx.speaker.id))
    parts.push(zh ? `我必须${goal}，你愿意帮我吗？` : `I must do this: ${goal}. Will you help me?`);
  const text = parts
    .filter((p) => p && !containsForbidden(p, ctx.forbidden))
    .join(zh ? '' : ' ')
    .trim();
  return { text, options: ctx.task && text ? composeOptions(ctx, pick, places) : [] };
}

function composeOptions(
  ctx: ReplyContext,
  pick: <T>(xs: readonly T[]) => T,
  places: readonly string[],
): ComposedReply['options'] {
  const zh = ctx.language === 'zh';
  const name = ctx.speaker?.name ?? ctx.cast[0]?.name ?? (zh ? '对方' : 'them');
  const place = places.length ? pick(places) : zh ? '这里' : 'here';
  const out: ComposedReply['options'] = [];
  const goalOwner = ctx.cast.find(
    (e) => e.character_target.trim() && !ctx.goalsDone.includes(e.id),
  );
  if (goalOwner) {
    const text = zh
      ? `帮助${goalOwner.name}：${goalOwner.character_target.trim()}`
      : `Help ${goalOwner.name}: ${goalOwner.character_target.trim()}`;
    if (!containsForbidden(text, ctx.forbidden)) out.push({ text, goal_entry_id: goalOwner.id });
  }
  const bank = (zh ? ZH_OPTIONS : EN_OPTIONS)
    .map((t) => t.replaceAll('{name}', name).replaceAll('{place}', place))
    .filter((t) => !containsForbidden(t, ctx.forbidden));
  const fallback = FALLBACK_OPTIONS[ctx.language].filter(
    (t) => !containsForbidden(t, ctx.forbidden),
  );
  const want = out.length ? 3 : pick([2, 3]);
  const start = Math.floor(seededRandom(ctx.seed + 1)() * Math.max(1, bank.length));
  for (const t of [...bank.slice(start), ...bank.slice(0, start), ...fallback]) {
    if (out.length >= want) break;
    if (!out.some((o) => o.text === t)) out.push({ text: t, goal_entry_id: null });
  }
  return out;
}

/** The first cast member's greeting (its name, then a line of the bank). */
export function greetingOf(
  speaker: EntryRecord,
  language: ProseLanguage,
  forbidden: readonly string[],
  seed: number,
): string {
  const zh = language === 'zh';
  const random = seededRandom(seed);
  const intro = zh ? `我是${speaker.name}。` : `I am ${speaker.name}.`;
  const lines = (zh ? ZH_GREETING : EN_GREETING).filter((t) => !containsForbidden(t, forbidden));
  const line = lines[Math.floor(random() * lines.length)] ?? '';
  const text = containsForbidden(intro, forbidden) ? line : zh ? intro + line : `${intro} ${line}`;
  return text.trim();
}

// ------------------------------------------------------------------ input rules

/** Trimmed player text: 42224 when empty or over the limit (code points). */
export function checkInput(raw: string, limit: number = EXPLORATION_LIMITS.input): string {
  const text = raw.trim();
  if (!text || [...text].length > limit) fail(42224, 'input too long or empty');
  return text;
}

// ------------------------------------------------------------------ the stream

export interface ReplyStreamOptions {
  /** Cut the connection halfway through the reply (the `chat-stream-drops` scenario). */
  dropMidReply?: boolean;
  /** End halfway through with an `error` event 40420 (the `chat-reply-fails` scenario). */
  failMidReply?: boolean;
}

const encoder = new TextEncoder();
const line = (e: ChatStreamEvent) => encoder.encode(JSON.stringify(e) + '\n');
const pause = () => (latency.enabled ? delay(40) : Promise.resolve());
let replySeq = 0;

function pieces(text: string): string[] {
  return text.match(/[\s\S]{1,12}/g) ?? [];
}

const langOf = (request: Request): ProseLanguage =>
  request.headers.get('lang')?.startsWith('en') ? 'en' : 'zh';

export interface ReplyRequest {
  request: Request;
  uid: string;
  chat: ChatRecord;
  game: ChatGameRecord;
  /** The player's text (checked). */
  text: string;
  /** The played option, when the text came from one. */
  option: ChatOptionRecord | null;
  /** The player's message already stored, whose reply failed: answered without a new one. */
  existing?: ChatMessageRecord;
}

/** Checks after the input's own: model (40413, 42236, 40340), Chinese (42247), power (40260). */
export async function assertCanReply(uid: string, chat: ChatRecord, text: string) {
  const model = await usableModelFor(uid, chat.model_id);
  if (!model.supports_chinese && hasChinese(text)) fail(42247, 'Chinese input not supported');
  await assertDialoguePower(uid, model.cost);
  return model;
}

/**
 * The player's turn as stored before the reply: the played option (and the goal it meets),
 * the player's message with the reply's place after it. The options still on offer stay until
 * a reply is stored, so a failed reply leaves them to play.
 */
async function storePlayer(
  chat: ChatRecord,
  text: string,
  option: ChatOptionRecord | null,
  now: number,
): Promise<ChatMessageRecord> {
  if (option) {
    await db.chatOptions.update((q) => q.where({ id: option.id }), {
      data: (o) => void (o.played_at = now),
    });
    if (option.goal_entry_id && !chat.goals_done.includes(option.goal_entry_id)) {
      const goal = option.goal_entry_id;
      await db.chats.update((q) => q.where({ id: chat.id }), {
        data: (c) => void c.goals_done.push(goal),
      });
    }
  }
  const seq = (db.chats.findFirst((q) => q.where({ id: chat.id })) ?? chat).next_seq;
  const player = await db.chatMessages.create({
    id: randomId('msg_'),
    chat_id: chat.id,
    seq,
    role: 'player',
    speaker_id: null,
    speaker_name: '',
    content: text,
    state: 'complete',
    option_id: option?.id ?? null,
    edited: false,
    retracted: false,
    created_at: now,
  });
  await db.chats.update((q) => q.where({ id: chat.id }), {
    data: (c) => void (c.next_seq = player.seq + 2),
  });
  return player;
}

/**
 * Stores the player's message (unless it is `existing`, a retry) and answers the reply as
 * NDJSON (`ChatStreamEvent` lines). The stream is pulled, so a client that aborts stops it where
 * it is: the text streamed so far is kept as a `stopped` reply and charged; a stop before any
 * text keeps and charges nothing. Power is spent and the options on offer withdrawn only when a
 * reply is stored: a failed or cut reply leaves the player's message awaiting one.
 */
export async function replyStream(
  { request, uid, chat, game, text, option, existing }: ReplyRequest,
  options: ReplyStreamOptions = {},
): Promise<HttpResponse<ReadableStream<Uint8Array>>> {
  const model = await assertCanReply(uid, chat, text);
  const now = clock.nowMs();
  const player = existing ?? (await storePlayer(chat, text, option, now));
  const fresh = db.chats.findFirst((q) => q.where({ id: chat.id })) ?? chat;
  if (!existing) {
    await touchChat(fresh, game);
  }

  const universe = universeOf(game);
  const cast = castOf(fresh);
  const turn = visibleMessages(chat.id).filter((m) => m.role !== 'player').length;
  const speaker = fresh.interactive_type === 'chat' ? pickSpeaker(cast, text, turn) : null;
  const seed = hashString(text) + ++replySeq * 7919;
  const composed = composeReply({
    language: model.supports_chinese ? detectLanguage(text, langOf(request)) : 'en',
    display: fresh.interactive_type,
    task: fresh.task_guiding_mode === 'task',
    speaker,
    cast,
    entries: entriesOf(universe.id),
    forbidden: universe.forbidden_words.map((w) => w.word),
    goalsDone: db.chats.findFirst((q) => q.where({ id: chat.id }))?.goals_done ?? [],
    input: text,
    seed,
  });
  const replyId = randomId('msg_');
  const parts = pieces(composed.text);
  let sent = '';
  let index = 0;
  let finished = false;

  const store = async (content: string, state: ChatMessageRecord['state']) => {
    await withdrawOptions(chat.id);
    const reply = await db.chatMessages.create({
      id: replyId,
      chat_id: chat.id,
      seq: player.seq + 1,
      role: speaker ? 'character' : 'narrator',
      speaker_id: speaker?.id ?? null,
      speaker_name: speaker?.name ?? '',
      content,
      state,
      option_id: null,
      edited: false,
      retracted: false,
      created_at: clock.nowMs(),
    });
    await spendDialogue(uid, model.cost);
    await touchChat(fresh, game);
    return reply;
  };

  /** The client went away: keep what it received (charged), or nothing if it got no text. */
  const stop = async () => {
    if (finished) return;
    finished = true;
    if (sent) await store(sent, 'stopped');
  };
  request.signal?.addEventListener('abort', () => void stop(), { once: true });

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(
          line({
            event: 'start',
            player_message: messageOut(player),
            reply_id: replyId,
            speaker_id: speaker?.id ?? null,
            speaker_name: speaker?.name ?? '',
          }),
        );
      },
      async pull(controller) {
        if (finished) return;
        if (!parts.length) {
          finished = true;
          controller.enqueue(
            line({
              event: 'error',
              error_code: 40420,
              error_msg: 'the reply failed',
              charged: 0,
              message: null,
            }),
          );
          controller.close();
          return;
        }
        if (index < parts.length) {
          await pause();
          if (finished) return;
          const half = Math.floor(parts.length / 2);
          if (options.dropMidReply && index === half) {
            finished = true;
            controller.error(new TypeError('connection dropped'));
            return;
          }
          if (options.failMidReply && index === half) {
            finished = true;
            controller.enqueue(
              line({
                event: 'error',
                error_code: 40420,
                error_msg: 'the reply failed',
                charged: 0,
                message: null,
              }),
            );
            controller.close();
            return;
          }
          const piece = parts[index++]!;
          sent += piece;
          controller.enqueue(line({ event: 'delta', text: piece }));
          return;
        }
        finished = true;
        const reply = await store(composed.text, 'complete');
        const offered: ChatOptionRecord[] = [];
        for (const o of composed.options)
          offered.push(
            await db.chatOptions.create({
              id: randomId('opt_'),
              chat_id: chat.id,
              text: o.text,
              reply_id: reply.id,
              goal_entry_id: o.goal_entry_id,
              played_at: null,
              withdrawn: false,
              created_at: clock.nowMs(),
            }),
          );
        if (offered.length)
          controller.enqueue(line({ event: 'options', options: offered.map(optionOut) }));
        controller.enqueue(
          line({ event: 'done', message: messageOut(reply), charged: model.cost }),
        );
        controller.close();
      },
      async cancel() {
        await stop();
      },
    },
    { highWaterMark: 0 },
  );
  return new HttpResponse(stream, {
    headers: { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' },
  });
}
