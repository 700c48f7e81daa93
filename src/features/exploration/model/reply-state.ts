import type { ApiError } from '@/core/api-error';
import type { ChatMessage, PlayedOption } from '@/api/exploration';
import type { ChatTurn } from '@/api/exploration/chat-stream';
import { clock } from '@/lib/clock';

/**
 * The turn under way: the player's text or option goes out (`sending`), the server stores the
 * player's message and starts the reply (`streaming`, text arriving), until the reply is
 * stored (`done`, back to idle), stopped by the player (the text so far kept as a `stopped`
 * reply, nothing kept before any text), or failed (nothing charged; a refusal before the
 * stream leaves the input as it was). One turn at a time. A failure after the player's message
 * was stored leaves it awaiting its reply (`awaitingId`), which a retry asks for again.
 */
export type ReplyPhase = 'idle' | 'sending' | 'streaming' | 'failed';

export interface ReplyState {
  phase: ReplyPhase;
  /** The stored player message of this turn (from `start`). */
  player: ChatMessage | null;
  replyId: string;
  speakerName: string;
  /** Every piece received. */
  text: string;
  options: PlayedOption[];
  error: ApiError | null;
  /** The failure came before the stream: the player's message was not stored. */
  refused: boolean;
  /** What this turn asked for (kept after a failure, so it can be told and retried). */
  turn: ChatTurn | null;
  /** After a failure: the player's stored message left without a reply. */
  awaitingId: string | null;
}

export const IDLE: ReplyState = {
  phase: 'idle',
  player: null,
  replyId: '',
  speakerName: '',
  text: '',
  options: [],
  error: null,
  refused: false,
  turn: null,
  awaitingId: null,
};

export type ReplyEvent =
  | { type: 'send'; turn?: ChatTurn }
  | { type: 'start'; player: ChatMessage; replyId: string; speakerName: string }
  | { type: 'delta'; text: string }
  | { type: 'options'; options: PlayedOption[] }
  | { type: 'done' }
  | { type: 'stopped' }
  | { type: 'failed'; error: ApiError }
  | { type: 'dismiss' };

export function replyReducer(state: ReplyState, event: ReplyEvent): ReplyState {
  switch (event.type) {
    case 'send':
      return state.phase === 'sending' || state.phase === 'streaming'
        ? state
        : { ...IDLE, phase: 'sending', turn: event.turn ?? null };
    case 'start':
      if (state.phase !== 'sending') return state;
      return {
        ...state,
        phase: 'streaming',
        player: event.player,
        replyId: event.replyId,
        speakerName: event.speakerName,
      };
    case 'delta':
      return state.phase === 'streaming' ? { ...state, text: state.text + event.text } : state;
    case 'options':
      return state.phase === 'streaming' ? { ...state, options: event.options } : state;
    case 'done':
    case 'stopped':
    case 'dismiss':
      return IDLE;
    case 'failed':
      if (state.phase !== 'sending' && state.phase !== 'streaming') return state;
      return {
        ...IDLE,
        phase: 'failed',
        error: event.error,
        refused: state.phase === 'sending',
        turn: state.turn,
        awaitingId:
          state.player?.id ?? (state.turn?.kind === 'retry' ? state.turn.messageId : null),
      };
  }
}

export const isBusy = (state: ReplyState) =>
  state.phase === 'sending' || state.phase === 'streaming';

/**
 * What a stop leaves (spec: the streamed text is kept as a `stopped` reply and charged; a stop
 * before any text keeps nothing): the reply to show, or null.
 */
export function stoppedReply(state: ReplyState, now: number): ChatMessage | null {
  if (state.phase !== 'streaming' || !state.text || !state.player) return null;
  return {
    id: state.replyId,
    chat_id: state.player.chat_id,
    role: state.speakerName ? 'character' : 'narrator',
    speaker_id: null,
    speaker_name: state.speakerName,
    content: state.text,
    state: 'stopped',
    option_id: null,
    edited: false,
    created_at: now,
    updated_at: now,
  };
}

// ------------------------------------------------------------------ the paced store

/** Quiet time after the last key that counts as a pause in the typing. */
export const TYPING_PAUSE_MS = 150;
/** The longest streamed text waits to be painted while the player types without a pause. */
export const MAX_DEFER_MS = 400;

export interface PaintClock {
  now(): number;
  /** Milliseconds since the last key or text input in the page (Infinity if none). */
  sinceInput(): number;
  frame(run: () => void): () => void;
  later(run: () => void, ms: number): () => void;
}

let lastInput = -Infinity;
let tracking = false;

function trackInput() {
  if (tracking || typeof window === 'undefined') return;
  tracking = true;
  const note = () => {
    lastInput = clock.monotonic();
  };
  for (const type of ['keydown', 'beforeinput', 'compositionupdate'])
    window.addEventListener(type, note, { capture: true, passive: true });
}

export const browserClock: PaintClock = {
  now: () => clock.monotonic(),
  sinceInput: () => clock.monotonic() - lastInput,
  frame(run) {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  },
  later(run, ms) {
    const id = clock.setTimeout(run, ms);
    return () => clock.clearTimeout(id);
  },
};

/**
 * The turn's state for React (`useSyncExternalStore`). Every event but `delta` is handed to
 * the listeners at once; streamed text is painted at the player's pace: in the next frame
 * while they do not type, in their pauses or at most MAX_DEFER_MS late while they do — so a
 * reply streaming never takes a frame from a key being typed.
 */
export interface ReplyStore {
  dispatch(event: ReplyEvent): void;
  /** The state as last painted. */
  getSnapshot(): ReplyState;
  /** The state with every piece received. */
  current(): ReplyState;
  /**
   * The state without its streamed text, changed only by the turn's events (not by text):
   * what the screen around the reply renders from, so streaming re-renders the reply alone.
   */
  getPhase(): ReplyState;
  subscribe(listener: () => void): () => void;
}

export function createReplyStore(clock: PaintClock = browserClock): ReplyStore {
  if (clock === browserClock) trackInput();
  let state = IDLE;
  let shown = IDLE;
  let phase = IDLE;
  let oldest: number | null = null;
  let cancel: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const paint = () => {
    cancel?.();
    cancel = null;
    oldest = null;
    if (shown === state) return;
    shown = state;
    for (const l of [...listeners]) l();
  };

  const schedule = () => {
    cancel = null;
    if (oldest === null) return;
    const waited = clock.now() - oldest;
    const since = clock.sinceInput();
    if (since >= TYPING_PAUSE_MS || waited >= MAX_DEFER_MS) cancel = clock.frame(paint);
    else cancel = clock.later(schedule, Math.min(TYPING_PAUSE_MS - since, MAX_DEFER_MS - waited));
  };

  return {
    dispatch(event) {
      const next = replyReducer(state, event);
      if (next === state) return;
      state = next;
      if (event.type !== 'delta') {
        phase = next.text ? { ...next, text: '' } : next;
        paint();
        return;
      }
      if (oldest === null) oldest = clock.now();
      if (!cancel) schedule();
    },
    getSnapshot: () => shown,
    current: () => state,
    getPhase: () => phase,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
