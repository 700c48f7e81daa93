import type {
  ChatArchiveRecord,
  ChatGameRecord,
  ChatMessageRecord,
  ChatOptionRecord,
  ChatRecord,
  ChatTransRecord,
  ChatUniverseRecord,
  DbSnapshot,
  DialogueBenefitsRecord,
  EntryRecord,
  WorldRecord,
} from './db';
import { composeReply, greetingOf, pickSpeaker } from './handlers/exploration-reply';
import { DEFAULT_MODEL_ID } from './handlers/exploration-store';
import type { ProseLanguage } from './handlers/writing-prose';

/**
 * The seeded author's chat games (issue 14). factories.ts gives them a faker of their own
 * (SEED + 14), so adding them shifts no value seeded before. Node only, like factories.ts.
 */

/** The part of the seed's faker used here (factories.ts passes its own; this module imports no faker). */
interface F {
  string: { alphanumeric(options: { length: number; casing: 'lower' }): string };
  helpers: { arrayElement<T>(items: readonly T[]): T };
  number: { int(options: { min: number; max: number }): number };
}
const DAY = 86400;

const ZH_LINES = [
  '你好，我刚到这里，能告诉我发生了什么吗？',
  '我想去白鹿书院看看。',
  '那封信是谁留下的？',
  '我愿意帮你，可我们该从哪里开始？',
  '外面的人是谁？',
  '我们现在就出发吧。',
];
const EN_LINES = [
  'Hello. I just arrived. What happened here?',
  'Who left that letter?',
  'I will help you, but where do we start?',
  'Who is outside?',
  'Let us leave now.',
];

interface GamePlan {
  world: WorldRecord;
  source: 'universe' | 'share';
  model_id: string;
  interactive_type: ChatRecord['interactive_type'];
  task_guiding_mode: ChatRecord['task_guiding_mode'];
  language: ProseLanguage;
  turns: number;
  /** Messages kept by a save point made at this many messages (0: none). */
  savedAt: number;
  ageDays: number;
}

export interface ExplorationTables {
  chatGames: ChatGameRecord[];
  chats: ChatRecord[];
  chatMessages: ChatMessageRecord[];
  chatOptions: ChatOptionRecord[];
  chatArchives: ChatArchiveRecord[];
  chatUniverses: ChatUniverseRecord[];
  chatEntries: EntryRecord[];
  dialogueBenefits: DialogueBenefitsRecord[];
  chatTrans: ChatTransRecord[];
}

const id = (f: F, prefix: string) =>
  `${prefix}${f.string.alphanumeric({ length: 10, casing: 'lower' })}`;

/**
 * The seeded games of `uid` at `now` (seconds): two of their own worlds and one shared world
 * of another author, with a save point each but one, options on offer and dialogue power.
 */
export function buildExploration(
  f: F,
  base: Pick<DbSnapshot, 'worlds' | 'entries'>,
  uid: string,
  now: number,
): ExplorationTables {
  const out: ExplorationTables = {
    chatGames: [],
    chats: [],
    chatMessages: [],
    chatOptions: [],
    chatArchives: [],
    chatUniverses: [],
    chatEntries: [],
    dialogueBenefits: [
      {
        uid,
        free_left: 20,
        free_total: 20,
        pack_left: 300,
        refresh_at: now + DAY,
      },
    ],
    chatTrans: [{ uid, acknowledged: true, converted_count: 0 }],
  };
  const own = base.worlds.filter((w) => w.uid === uid && !w.deleted);
  const shared = base.worlds.find(
    (w) => w.uid !== uid && w.share_status === 'square' && !w.deleted,
  );
  const plans: GamePlan[] = [];
  if (own[1])
    plans.push({
      world: own[1],
      source: 'universe',
      model_id: DEFAULT_MODEL_ID,
      interactive_type: 'chat',
      task_guiding_mode: 'task',
      language: 'zh',
      turns: 6,
      savedAt: 5,
      ageDays: 1,
    });
  if (shared)
    plans.push({
      world: shared,
      source: 'share',
      model_id: 'm_pro',
      interactive_type: 'story',
      task_guiding_mode: 'free',
      language: 'zh',
      turns: 3,
      savedAt: 0,
      ageDays: 3,
    });
  if (own[2])
    plans.push({
      world: own[2],
      source: 'universe',
      model_id: 'm_swift',
      interactive_type: 'chat',
      task_guiding_mode: 'task',
      language: 'en',
      turns: 2,
      savedAt: 3,
      ageDays: 6,
    });
  for (const plan of plans) addGame(f, base, uid, plan, now, out);
  return out;
}

function addGame(
  f: F,
  base: Pick<DbSnapshot, 'worlds' | 'entries'>,
  uid: string,
  plan: GamePlan,
  now: number,
  out: ExplorationTables,
) {
  const { world } = plan;
  const created = now - plan.ageDays * DAY;
  const gameId = id(f, 'g_');
  const universeId = id(f, 'cu_');
  out.chatUniverses.push({
    id: universeId,
    game_id: gameId,
    uid,
    title: world.title,
    background: world.background,
    cover: world.cover,
    forbidden_words: world.forbidden_words.map((w) => ({ ...w })),
    created_at: created,
    updated_at: created,
  });
  const ids = new Map<string, string>();
  const copies: EntryRecord[] = [];
  for (const e of base.entries.filter((x) => x.universe_id === world.id)) {
    const copy: EntryRecord = {
      ...e,
      id: id(f, 'ce_'),
      universe_id: universeId,
      character_relationships: e.character_relationships.map((r) => ({
        ...r,
        relationships: [...r.relationships],
      })),
      created_at: created,
      updated_at: created,
    };
    ids.set(e.id, copy.id);
    copies.push(copy);
  }
  out.chatEntries.push(...copies);
  const recommended = base.entries
    .filter(
      (e) =>
        e.universe_id === world.id &&
        e.type === 'character' &&
        e.is_recommended &&
        e.character_status === 'alive',
    )
    .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
  const castIds = recommended.map((e) => ids.get(e.id)!);
  const cast = castIds.map((cid) => copies.find((c) => c.id === cid)!);
  const forbidden = world.forbidden_words.map((w) => w.word);

  const chat: ChatRecord = {
    id: id(f, 'ch_'),
    game_id: gameId,
    uid,
    model_id: plan.model_id,
    interactive_type: plan.interactive_type,
    task_guiding_mode: plan.task_guiding_mode,
    cast: castIds,
    goals_done: [],
    archived: false,
    rev: 0,
    saved_rev: 0,
    next_seq: 1,
    created_at: created,
    updated_at: created,
  };
  const messages: ChatMessageRecord[] = [];
  let at = created * 1000;
  const push = (m: Omit<ChatMessageRecord, 'id' | 'chat_id' | 'seq' | 'created_at'>) => {
    at += f.number.int({ min: 20_000, max: 120_000 });
    const row = { ...m, id: id(f, 'msg_'), chat_id: chat.id, seq: chat.next_seq++, created_at: at };
    messages.push(row);
    return row;
  };
  const base0 = {
    state: 'complete' as const,
    option_id: null,
    edited: false,
    retracted: false,
  };
  if (cast[0])
    push({
      ...base0,
      role: 'character',
      speaker_id: cast[0].id,
      speaker_name: cast[0].name,
      content: greetingOf(cast[0], plan.language, forbidden, f.number.int({ min: 0, max: 1e9 })),
    });
  let lastReply: ChatMessageRecord | null = null;
  let composedOptions: ReturnType<typeof composeReply>['options'] = [];
  for (let turn = 0; turn < plan.turns; turn++) {
    const input = f.helpers.arrayElement(plan.language === 'zh' ? ZH_LINES : EN_LINES);
    push({ ...base0, role: 'player', speaker_id: null, speaker_name: '', content: input });
    const speaker = plan.interactive_type === 'chat' ? pickSpeaker(cast, input, turn + 1) : null;
    const composed = composeReply({
      language: plan.language,
      display: plan.interactive_type,
      task: plan.task_guiding_mode === 'task',
      speaker,
      cast,
      entries: copies,
      forbidden,
      goalsDone: [],
      input,
      seed: f.number.int({ min: 0, max: 1e9 }),
    });
    lastReply = push({
      ...base0,
      role: speaker ? 'character' : 'narrator',
      speaker_id: speaker?.id ?? null,
      speaker_name: speaker?.name ?? '',
      content: composed.text,
    });
    composedOptions = composed.options;
  }
  if (lastReply)
    for (const o of composedOptions)
      out.chatOptions.push({
        id: id(f, 'opt_'),
        chat_id: chat.id,
        text: o.text,
        reply_id: lastReply.id,
        goal_entry_id: o.goal_entry_id,
        played_at: null,
        withdrawn: false,
        created_at: lastReply.created_at,
      });
  const updated = Math.floor(at / 1000);
  chat.updated_at = updated;
  chat.rev = messages.length;
  chat.saved_rev = plan.savedAt === messages.length ? chat.rev : 0;

  if (plan.savedAt > 0) {
    const frozen: ChatRecord = {
      ...chat,
      id: id(f, 'ch_'),
      cast: [...chat.cast],
      goals_done: [],
      archived: true,
      rev: 0,
      saved_rev: 0,
    };
    const kept = messages.slice(0, plan.savedAt);
    frozen.next_seq = (kept.at(-1)?.seq ?? 0) + 1;
    out.chats.push(frozen);
    for (const m of kept) out.chatMessages.push({ ...m, id: id(f, 'msg_'), chat_id: frozen.id });
    out.chatArchives.push({
      id: id(f, 'ar_'),
      game_id: gameId,
      uid,
      chat_id: frozen.id,
      title: new Date((kept.at(-1)?.created_at ?? at) + 0)
        .toISOString()
        .slice(0, 16)
        .replace('T', ' '),
      kind: 'manual',
      created_at: Math.floor((kept.at(-1)?.created_at ?? at) / 1000),
    });
  }
  out.chats.push(chat);
  out.chatMessages.push(...messages);
  out.chatGames.push({
    id: gameId,
    uid,
    title: world.title,
    cover: world.cover,
    source_world_id: world.id,
    source_share_id: plan.source === 'share' ? world.share_id : null,
    source_universe_id: plan.source === 'universe' ? world.id : null,
    universe_id: universeId,
    chat_id: chat.id,
    created_at: created,
    updated_at: updated,
  });
}
