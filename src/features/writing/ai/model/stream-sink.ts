/**
 * Live text of the cards being streamed, outside React: pieces are written straight into the
 * streaming card's text node, and React state takes a card's text only when the next card
 * opens and at the end. Every React commit while the writer types in a long chapter makes
 * React walk the editor's DOM up to the caret (its selection bookkeeping), so the stream adds
 * no commits beside the typing.
 *
 * Painting is paced by the writer's typing. Each painted piece costs a frame (layout, paint,
 * commit of the panel), and a key pressed during such a frame waits for it. So, while the
 * writer is not typing, the pieces that arrived are painted in the next animation frame; while
 * they type, the card catches up in their pauses (TYPING_PAUSE_MS without input), and at the
 * latest MAX_DEFER_MS after its oldest unpainted piece, so the text keeps moving in steps.
 * `text()` always has every piece.
 */
export interface StreamSink {
  reset(): void;
  append(index: number, text: string): void;
  text(index: number): string;
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
    lastInput = performance.now();
  };
  for (const type of ['keydown', 'beforeinput', 'compositionupdate'])
    window.addEventListener(type, note, { capture: true, passive: true });
}

export const browserClock: PaintClock = {
  now: () => performance.now(),
  sinceInput: () => performance.now() - lastInput,
  frame(run) {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  },
  later(run, ms) {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

export function createStreamSink(clock: PaintClock = browserClock): StreamSink {
  if (clock === browserClock) trackInput();
  let texts: string[] = [];
  const listeners = new Map<number, Set<(text: string) => void>>();
  const dirty = new Set<number>();
  let oldest: number | null = null;
  let cancel: (() => void) | null = null;

  const paint = () => {
    cancel = null;
    oldest = null;
    const indexes = [...dirty];
    dirty.clear();
    for (const index of indexes) for (const l of listeners.get(index) ?? []) l(texts[index] ?? '');
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
      for (const [index, set] of listeners) for (const l of set) l(texts[index] ?? '');
    },
    append(index, text) {
      texts[index] = (texts[index] ?? '') + text;
      dirty.add(index);
      if (oldest === null) oldest = clock.now();
      if (!cancel) schedule();
    },
    text: (index) => texts[index] ?? '',
    subscribe(index, listener) {
      let set = listeners.get(index);
      if (!set) listeners.set(index, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
