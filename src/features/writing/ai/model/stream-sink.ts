import { clock } from '@/lib/clock';
/**
 * Live text of the cards being streamed, kept outside the AI writing store and handed to
 * React at a pace set by the writer: the streaming card reads `painted(index)` through
 * `useSyncExternalStore` (ai-panel.tsx), so a paint is one small React commit of that card and
 * nothing else. React state takes a card's whole text when the next card opens and at the end.
 *
 * Painting is paced by the writer's typing. Each painted piece costs a frame (a commit, layout
 * and paint of the panel), and a key pressed during such a frame waits for it. So, while the
 * writer is not typing, the pieces that arrived are painted in the next animation frame; while
 * they type, the card catches up in their pauses (TYPING_PAUSE_MS without input), and at the
 * latest MAX_DEFER_MS after its oldest unpainted piece, so the text keeps moving in steps.
 * `text()` always has every piece; `painted()` what was last handed to the listeners.
 */
export interface StreamSink {
  reset(): void;
  append(index: number, text: string): void;
  /** Every piece received for the card. */
  text(index: number): string;
  /** The card's text as of its last paint (what the card shows). */
  painted(index: number): string;
  subscribe(index: number, listener: (text: string) => void): () => void;
}

/** Quiet time after the last key that counts as a pause in the typing. */
export const TYPING_PAUSE_MS = 150;
/** The longest a piece waits to be painted while the writer types without a pause. */
export const MAX_DEFER_MS = 400;

/** When the sink may paint: the clock, the input activity and the two kinds of callbacks. */
export interface PaintClock {
  now(): number;
  /** Milliseconds since the last keyboard or text input in the page (Infinity if none). */
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

export function createStreamSink(clock: PaintClock = browserClock): StreamSink {
  if (clock === browserClock) trackInput();
  let texts: string[] = [];
  let shown: string[] = [];
  const listeners = new Map<number, Set<(text: string) => void>>();
  const dirty = new Set<number>();
  let oldest: number | null = null;
  let cancel: (() => void) | null = null;

  const paint = () => {
    cancel = null;
    oldest = null;
    const indexes = [...dirty];
    dirty.clear();
    for (const index of indexes) {
      shown[index] = texts[index] ?? '';
      for (const l of listeners.get(index) ?? []) l(shown[index]);
    }
  };

  const schedule = () => {
    cancel = null;
    if (!dirty.size || oldest === null) return;
    const waited = clock.now() - oldest;
    const since = clock.sinceInput();
    if (since >= TYPING_PAUSE_MS || waited >= MAX_DEFER_MS) cancel = clock.frame(paint);
    else cancel = clock.later(schedule, Math.min(TYPING_PAUSE_MS - since, MAX_DEFER_MS - waited));
  };

  return {
    reset() {
      cancel?.();
      cancel = null;
      oldest = null;
      dirty.clear();
      texts = [];
      shown = [];
      for (const set of listeners.values()) for (const l of set) l('');
    },
    append(index, text) {
      texts[index] = (texts[index] ?? '') + text;
      dirty.add(index);
      if (oldest === null) oldest = clock.now();
      if (!cancel) schedule();
    },
    text: (index) => texts[index] ?? '',
    painted: (index) => shown[index] ?? '',
    subscribe(index, listener) {
      let set = listeners.get(index);
      if (!set) listeners.set(index, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
