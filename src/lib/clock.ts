/**
 * The app's one clock: every read of the time and every timer in product code goes through
 * `clock` (ESLint forbids `Date.now()`, `new Date()`, `performance.now()` and the timer globals
 * elsewhere in `src/`). By default it is the system's, read at call time, so Vitest's fake timers
 * and Playwright's `page.clock` still reach it; a test can put a manual one in its place
 * (`src/testing/manual-clock.ts`) that moves only when told, leaving the libraries' own timers
 * (Testing Library, MSW, React) on real time.
 */
export type TimerId = number;

export interface Clock {
  /** Wall time, ms since the epoch. */
  now(): number;
  /** A monotonic reading in ms, for durations (never goes back when the wall clock is set). */
  monotonic(): number;
  setTimeout(run: () => void, ms?: number): TimerId;
  clearTimeout(id: TimerId | null | undefined): void;
  setInterval(run: () => void, ms: number): TimerId;
  clearInterval(id: TimerId | null | undefined): void;
}

/** The browser's (or Node's) clock, looked up at every call. */
export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms) as unknown as TimerId,
  clearTimeout: (id) => {
    if (id != null) globalThis.clearTimeout(id);
  },
  setInterval: (run, ms) => globalThis.setInterval(run, ms) as unknown as TimerId,
  clearInterval: (id) => {
    if (id != null) globalThis.clearInterval(id);
  },
};

let current: Clock = systemClock;
/** Timers started through `clock` and not yet run or cleared, by id, with how to clear each. */
const pending = new Map<TimerId, (id: TimerId) => void>();

/** How to clear a timer of `source` later, whatever fake timers come and go in between. */
function clearerOf(source: Clock, kind: 'timeout' | 'interval'): (id: TimerId) => void {
  if (source !== systemClock)
    return kind === 'timeout' ? source.clearTimeout : source.clearInterval;
  const native = kind === 'timeout' ? globalThis.clearTimeout : globalThis.clearInterval;
  return (id) => native(id);
}

export const clock: Clock = {
  now: () => current.now(),
  monotonic: () => current.monotonic(),
  setTimeout(run, ms) {
    const source = current;
    const id = source.setTimeout(() => {
      pending.delete(id);
      run();
    }, ms);
    pending.set(id, clearerOf(source, 'timeout'));
    return id;
  },
  clearTimeout(id) {
    if (id == null) return;
    const clear = pending.get(id) ?? current.clearTimeout;
    pending.delete(id);
    clear(id);
  },
  setInterval(run, ms) {
    const source = current;
    const id = source.setInterval(run, ms);
    pending.set(id, clearerOf(source, 'interval'));
    return id;
  },
  clearInterval(id) {
    if (id == null) return;
    const clear = pending.get(id) ?? current.clearInterval;
    pending.delete(id);
    clear(id);
  },
};

/**
 * Resolves after `ms` on the app's clock. In a store listener, `await api.pause(sleep(ms))` in
 * place of `api.delay(ms)`, which waits on the system clock only.
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => void clock.setTimeout(resolve, ms));
}

/** `new Date()` on the app's clock. */
export function nowDate(): Date {
  return new Date(clock.now());
}

/** Puts `next` in the system clock's place until the returned function is called. */
export function setClockForTests(next: Clock): () => void {
  const before = current;
  current = next;
  return () => {
    current = before;
  };
}

/** How many timers started through `clock` have neither run nor been cleared. */
export function pendingClockTimers(): number {
  return pending.size;
}

/**
 * Clears every timer started through `clock` that has not run: a test's leftover autosave,
 * countdown or retry can never fire in the next test. Returns how many there were.
 */
export function clearClockTimersForTests(): number {
  const count = pending.size;
  for (const [id, clear] of pending) clear(id);
  pending.clear();
  current = systemClock;
  return count;
}
