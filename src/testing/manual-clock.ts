import { act, waitFor } from '@testing-library/react';
import { setClockForTests, type Clock, type TimerId } from '@/lib/clock';

/**
 * A clock for tests that moves only when told: the app's timers (autosave, countdowns, the
 * server check, retries, timeouts) run on it, while Testing Library, MSW and React keep real
 * time, so `findBy…` and `waitFor` still wait on what the user sees. `installManualClock()` puts
 * it in place for the rest of the test (the setup file puts the system clock back).
 */
export interface ManualClock extends Clock {
  /** Moves time on by `ms`, running every timer that falls due, in order, inside `act`. */
  advance(ms: number): Promise<void>;
  /** Runs timers until none is left, at most `limit` of them (an interval never ends). */
  runAll(limit?: number): Promise<void>;
  /**
   * Runs the app's timers one by one as they are set, time moved on to each, until `done()`
   * holds: for a chain of timer, request, timer (an upload's result polls, a payment's) whose
   * answers arrive between the timers. Fails when `limit` timers ran and it still does not.
   */
  runTimersUntil(done: () => boolean, limit?: number): Promise<void>;
  /** Timers waiting to run. */
  pendingCount(): number;
}

interface Timer {
  id: TimerId;
  at: number;
  run: () => void;
  every: number | null;
}

export function createManualClock(startMs = Date.UTC(2026, 10, 28, 9, 0, 0)): ManualClock {
  let nowMs = startMs;
  // Goes on from the system's reading, so a duration measured across the switch (the last
  // key's time kept by a painter) never comes out negative.
  let monotonicMs = performance.now();
  // Ids far from the browser's, so the two never meet in the app clock's bookkeeping.
  let nextId = 1_000_000_000;
  const timers = new Map<TimerId, Timer>();

  const add = (run: () => void, ms: number | undefined, every: number | null): TimerId => {
    const id = nextId++;
    timers.set(id, { id, at: nowMs + Math.max(0, ms ?? 0), run, every });
    return id;
  };
  const remove = (id: TimerId | null | undefined) => {
    if (id != null) timers.delete(id);
  };
  const nextDue = (until: number): Timer | undefined => {
    let best: Timer | undefined;
    for (const t of timers.values())
      if (t.at <= until && (!best || t.at < best.at || (t.at === best.at && t.id < best.id)))
        best = t;
    return best;
  };
  /** Runs one timer, moving time to when it was due; false when none is due by `until`. */
  const step = (until: number): boolean => {
    const t = nextDue(until);
    if (!t) return false;
    monotonicMs += t.at - nowMs;
    nowMs = t.at;
    if (t.every === null) timers.delete(t.id);
    else t.at = nowMs + Math.max(1, t.every);
    t.run();
    return true;
  };

  return {
    now: () => nowMs,
    monotonic: () => monotonicMs,
    setTimeout: (run, ms) => add(run, ms, null),
    clearTimeout: remove,
    setInterval: (run, ms) => add(run, ms, ms),
    clearInterval: remove,
    async advance(ms) {
      const until = nowMs + ms;
      // Each due timer runs in its own act, and promises it started settle before the next.
      while (nextDue(until)) await act(async () => void step(until));
      monotonicMs += until - nowMs;
      nowMs = until;
      await act(async () => undefined);
    },
    async runAll(limit = 1000) {
      for (let n = 0; n < limit && timers.size; n++)
        await act(async () => void step(Number.POSITIVE_INFINITY));
    },
    async runTimersUntil(done, limit = 100) {
      for (let n = 0; n < limit; n++) {
        // What the page does between two timers (an answer, a render) takes real time.
        await waitFor(
          () => {
            if (!done() && timers.size === 0) throw new Error('no app timer is set yet');
          },
          { interval: 5 },
        );
        if (done()) return;
        await act(async () => void step(Number.POSITIVE_INFINITY));
      }
      if (!done()) throw new Error(`runTimersUntil: still not done after ${limit} timers`);
    },
    pendingCount: () => timers.size,
  };
}

/** A manual clock in the app clock's place until the end of the test. */
export function installManualClock(startMs?: number): ManualClock {
  const manual = createManualClock(startMs);
  setClockForTests(manual);
  return manual;
}
