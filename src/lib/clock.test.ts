import { afterEach, describe, expect, it, vi } from 'vitest';
import { installManualClock } from '@/testing/manual-clock';
import {
  clearClockTimersForTests,
  clock,
  nowDate,
  pendingClockTimers,
  setClockForTests,
  sleep,
  systemClock,
} from './clock';

afterEach(() => {
  vi.useRealTimers();
});

describe('the system clock', () => {
  it('reads the globals at call time, so fake timers reach it', () => {
    vi.useFakeTimers({ now: Date.UTC(2030, 0, 1) });
    const run = vi.fn();
    clock.setTimeout(run, 1000);
    expect(clock.now()).toBe(Date.UTC(2030, 0, 1));
    expect(nowDate().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    expect(pendingClockTimers()).toBe(0);
  });

  it('counts what is pending and clears it all at once', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const a = clock.setTimeout(run, 10);
    clock.setInterval(run, 10);
    clock.setTimeout(run, 20);
    expect(pendingClockTimers()).toBe(3);
    clock.clearTimeout(a);
    expect(pendingClockTimers()).toBe(2);
    expect(clearClockTimersForTests()).toBe(2);
    vi.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
  });

  it('clears a timer with the timers it was made with, after fake timers are gone', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    clock.setTimeout(run, 10);
    vi.useRealTimers();
    // The fake timer's id means nothing to the real clearTimeout: clearing goes to the fake one.
    const realClear = vi.spyOn(globalThis, 'clearTimeout');
    clearClockTimersForTests();
    expect(realClear).not.toHaveBeenCalled();
    realClear.mockRestore();
  });
});

describe('a manual clock', () => {
  it('runs due timers in order, moving the time to each', async () => {
    const manual = installManualClock(1_000_000);
    const startedAt = clock.monotonic();
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => seen.push(`a@${clock.now()}`), 100);
    const every = clock.setInterval(() => seen.push(`i@${clock.now()}`), 150);
    clock.setTimeout(() => seen.push(`late@${clock.now()}`), 1000);
    await manual.advance(300);
    expect(seen).toEqual(['a@1000100', 'i@1000150', 'b@1000200', 'i@1000300']);
    expect(clock.now()).toBe(1_000_300);
    expect(clock.monotonic() - startedAt).toBe(300);
    clock.clearInterval(every);
    expect(manual.pendingCount()).toBe(1);
    await manual.runAll();
    expect(seen.at(-1)).toBe('late@1001000');
  });

  it('a timer set by a timer runs in the same advance when it falls due', async () => {
    const manual = installManualClock(0);
    const seen: number[] = [];
    clock.setTimeout(() => {
      seen.push(clock.now());
      clock.setTimeout(() => seen.push(clock.now()), 50);
    }, 50);
    await manual.advance(100);
    expect(seen).toEqual([50, 100]);
  });

  it('runs a chain of timer, real answer, timer until it is done, moving time to each', async () => {
    const manual = installManualClock(0);
    const polls: number[] = [];
    let done = false;
    // A poll once a second whose answer takes real time (as an MSW answer does).
    const poll = () =>
      clock.setTimeout(() => {
        polls.push(clock.now());
        void new Promise<void>((resolve) => systemClock.setTimeout(resolve, 5)).then(() => {
          if (polls.length === 3) done = true;
          else poll();
        });
      }, 1000);
    poll();
    await manual.runTimersUntil(() => done);
    expect(polls).toEqual([1000, 2000, 3000]);
    expect(manual.pendingCount()).toBe(0);
    // A condition that never holds fails once the limit of timers has run.
    const every = clock.setInterval(() => undefined, 100);
    await expect(manual.runTimersUntil(() => false, 2)).rejects.toThrow(/after 2 timers/);
    expect(clock.now()).toBe(3200);
    clock.clearInterval(every);
  });

  it('leaves the system timers alone, and sleep waits on it', async () => {
    const manual = installManualClock(0);
    let slept = false;
    void sleep(5000).then(() => (slept = true));
    // A real zero-delay timer still runs: Testing Library and MSW keep real time.
    await new Promise<void>((resolve) => systemClock.setTimeout(resolve, 0));
    expect(slept).toBe(false);
    await manual.advance(5000);
    expect(slept).toBe(true);
  });

  it('is put back by the end of the test', () => {
    const restore = setClockForTests(systemClock);
    restore();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1000);
  });
});
