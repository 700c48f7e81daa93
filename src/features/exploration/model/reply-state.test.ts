import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/core/api-error';
import type { ChatMessage } from '@/api/exploration';
import {
  IDLE,
  MAX_DEFER_MS,
  TYPING_PAUSE_MS,
  createReplyStore,
  isBusy,
  replyReducer,
  stoppedReply,
  type PaintClock,
  type ReplyEvent,
  type ReplyState,
} from './reply-state';

const player: ChatMessage = {
  id: 'p1',
  chat_id: 'c1',
  role: 'player',
  speaker_id: null,
  speaker_name: '',
  content: 'Hi',
  state: 'complete',
  option_id: null,
  edited: false,
  created_at: 1,
  updated_at: 1,
};
const failure: ApiError = { status: 404, code: 40420, serverMessage: null, kind: 'client' };
const run = (...events: ReplyEvent[]) => events.reduce<ReplyState>(replyReducer, IDLE);
const start: ReplyEvent = { type: 'start', player, replyId: 'r1', speakerName: 'Ava' };

describe('the turn under way', () => {
  it('goes sending → streaming → idle when the reply is stored', () => {
    const streaming = run(
      { type: 'send' },
      start,
      { type: 'delta', text: 'Wel' },
      {
        type: 'delta',
        text: 'come',
      },
    );
    expect(streaming).toMatchObject({ phase: 'streaming', text: 'Welcome', replyId: 'r1' });
    expect(isBusy(streaming)).toBe(true);
    expect(replyReducer(streaming, { type: 'done' })).toBe(IDLE);
  });

  it('one turn at a time: a second send while busy is ignored', () => {
    const sending = run({ type: 'send' });
    expect(replyReducer(sending, { type: 'send' })).toBe(sending);
  });

  it('a refusal before the stream is marked refused (the input keeps its text)', () => {
    expect(run({ type: 'send' }, { type: 'failed', error: failure })).toMatchObject({
      phase: 'failed',
      refused: true,
      error: failure,
    });
    expect(run({ type: 'send' }, start, { type: 'failed', error: failure })).toMatchObject({
      phase: 'failed',
      refused: false,
    });
  });

  it('a failure keeps the turn, and the stored message left awaiting its reply', () => {
    const turn = { chatId: 'c1', kind: 'message', content: 'Hi' } as const;
    const cut = run({ type: 'send', turn }, start, { type: 'failed', error: failure });
    expect(cut).toMatchObject({ phase: 'failed', turn, awaitingId: 'p1', refused: false });
    // Refused before the stream: nothing stored, nothing awaiting.
    expect(run({ type: 'send', turn }, { type: 'failed', error: failure })).toMatchObject({
      turn,
      awaitingId: null,
      refused: true,
    });
    // A retry refused still leaves its message awaiting.
    const retry = { chatId: 'c1', kind: 'retry', messageId: 'p1' } as const;
    expect(run({ type: 'send', turn: retry }, { type: 'failed', error: failure })).toMatchObject({
      awaitingId: 'p1',
      refused: true,
    });
    // Retried: the failure gives way to the new turn; a reply ends it.
    const again = replyReducer(cut, { type: 'send', turn: retry });
    expect(again).toMatchObject({ phase: 'sending', turn: retry, awaitingId: null, error: null });
    expect(replyReducer(replyReducer(again, start), { type: 'done' })).toBe(IDLE);
  });

  it('a failure can be dismissed, and a new turn starts after it', () => {
    const failed = run({ type: 'send' }, { type: 'failed', error: failure });
    expect(replyReducer(failed, { type: 'dismiss' })).toBe(IDLE);
    expect(replyReducer(failed, { type: 'send' }).phase).toBe('sending');
  });

  it('a stop keeps the streamed text as a stopped reply, nothing before any text', () => {
    const streaming = run({ type: 'send' }, start, { type: 'delta', text: 'Wel' });
    expect(stoppedReply(streaming, 5)).toMatchObject({
      id: 'r1',
      content: 'Wel',
      state: 'stopped',
      role: 'character',
      speaker_name: 'Ava',
    });
    expect(stoppedReply(run({ type: 'send' }, start), 5)).toBeNull();
    expect(replyReducer(streaming, { type: 'stopped' })).toBe(IDLE);
  });

  it('ignores stream events outside a turn', () => {
    expect(run({ type: 'delta', text: 'x' })).toBe(IDLE);
    expect(run(start)).toBe(IDLE);
  });
});

function fakeClock() {
  let now = 0;
  let lastInput = -Infinity;
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const clock: PaintClock = {
    now: () => now,
    sinceInput: () => now - lastInput,
    frame: (f) => {
      frames.push(f);
      return () => frames.splice(frames.indexOf(f), 1);
    },
    later: (f, ms) => {
      const t = { at: now + ms, run: f };
      timers.push(t);
      return () => timers.splice(timers.indexOf(t), 1);
    },
  };
  return {
    clock,
    type: () => void (lastInput = now),
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
    },
    frame: () => frames.splice(0).forEach((f) => f()),
  };
}

describe('the paced reply store', () => {
  it('paints events at once and text in the next frame while the player is not typing', () => {
    const c = fakeClock();
    const store = createReplyStore(c.clock);
    let paints = 0;
    store.subscribe(() => void (paints += 1));
    store.dispatch({ type: 'send' });
    store.dispatch(start);
    expect(store.getSnapshot().phase).toBe('streaming');
    store.dispatch({ type: 'delta', text: 'a' });
    store.dispatch({ type: 'delta', text: 'b' });
    expect(store.getSnapshot().text).toBe('');
    expect(store.current().text).toBe('ab');
    const before = paints;
    const phase = store.getPhase();
    c.frame();
    expect(store.getSnapshot().text).toBe('ab');
    expect(paints).toBe(before + 1);
    // Text changes the painted state only: the phase the screen renders from stays the same.
    expect(store.getPhase()).toBe(phase);
    expect(phase).toMatchObject({ phase: 'streaming', text: '' });
    store.dispatch({ type: 'options', options: [] });
    expect(store.getPhase()).not.toBe(phase);
  });

  it('while the player types, waits for a pause, at most MAX_DEFER_MS', () => {
    const c = fakeClock();
    const store = createReplyStore(c.clock);
    store.dispatch({ type: 'send' });
    store.dispatch(start);
    c.type();
    store.dispatch({ type: 'delta', text: 'a' });
    c.frame();
    expect(store.getSnapshot().text).toBe('');
    // They keep typing: every 100 ms a key, never a pause.
    for (let t = 0; t < MAX_DEFER_MS; t += 100) {
      c.advance(100);
      c.type();
    }
    c.frame();
    expect(store.getSnapshot().text).toBe('a');
    store.dispatch({ type: 'delta', text: 'b' });
    c.advance(TYPING_PAUSE_MS);
    c.frame();
    expect(store.getSnapshot().text).toBe('ab');
  });

  it('done paints at once and drops what was waiting', () => {
    const c = fakeClock();
    const store = createReplyStore(c.clock);
    store.dispatch({ type: 'send' });
    store.dispatch(start);
    store.dispatch({ type: 'delta', text: 'a' });
    store.dispatch({ type: 'done' });
    expect(store.getSnapshot()).toBe(IDLE);
    c.frame();
    expect(store.getSnapshot()).toBe(IDLE);
  });
});
