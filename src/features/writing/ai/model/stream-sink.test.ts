import { describe, expect, it, vi } from 'vitest';
import { createStreamSink, MAX_DEFER_MS, TYPING_PAUSE_MS, type PaintClock } from './stream-sink';

/** A hand-driven clock: frames run on `nextFrame()`, timers on `advance()`. */
function fakeClock() {
  let t = 0;
  let input = -Infinity;
  let frames: (() => void)[] = [];
  let timers: { at: number; run: () => void }[] = [];
  const clock: PaintClock = {
    now: () => t,
    sinceInput: () => t - input,
    frame(run) {
      frames.push(run);
      return () => (frames = frames.filter((f) => f !== run));
    },
    later(run, ms) {
      const timer = { at: t + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((x) => x !== timer));
    },
  };
  return {
    clock,
    type: () => (input = t),
    pendingFrames: () => frames.length,
    nextFrame() {
      const run = frames;
      frames = [];
      for (const f of run) f();
    },
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        t = due.at;
        timers = timers.filter((x) => x !== due);
        due.run();
      }
      t = end;
    },
  };
}

describe('stream sink', () => {
  it('keeps each card’s text and tells only that card’s listeners, once a frame', () => {
    const f = fakeClock();
    const sink = createStreamSink(f.clock);
    const first = vi.fn();
    const second = vi.fn();
    sink.subscribe(0, first);
    const stop = sink.subscribe(1, second);
    sink.append(0, '雨落');
    sink.append(0, '了一夜');
    sink.append(1, 'Rain');
    expect(sink.text(0)).toBe('雨落了一夜');
    expect(sink.text(1)).toBe('Rain');
    expect(first).not.toHaveBeenCalled();
    expect(sink.painted(0)).toBe('');
    expect(f.pendingFrames()).toBe(1);
    f.nextFrame();
    expect(sink.painted(0)).toBe('雨落了一夜');
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenLastCalledWith('雨落了一夜');
    expect(second).toHaveBeenCalledTimes(1);
    stop();
    sink.append(1, ' fell');
    f.nextFrame();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('starts empty again for a new stream, and drops the paint that was due', () => {
    const f = fakeClock();
    const sink = createStreamSink(f.clock);
    const listener = vi.fn();
    sink.subscribe(0, listener);
    sink.append(0, 'old');
    sink.reset();
    expect(sink.text(0)).toBe('');
    expect(sink.painted(0)).toBe('');
    expect(listener).toHaveBeenLastCalledWith('');
    expect(f.pendingFrames()).toBe(0);
  });

  it('while the writer types, paints in their pause', () => {
    const f = fakeClock();
    const sink = createStreamSink(f.clock);
    const listener = vi.fn();
    sink.subscribe(0, listener);
    f.type();
    sink.append(0, '风');
    expect(f.pendingFrames()).toBe(0);
    f.advance(60);
    f.type(); // another key: the pause starts again
    sink.append(0, '起');
    f.advance(TYPING_PAUSE_MS - 1);
    expect(f.pendingFrames()).toBe(0);
    f.advance(1);
    expect(f.pendingFrames()).toBe(1);
    f.nextFrame();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith('风起');
  });

  it('while the writer types without a pause, paints at most MAX_DEFER_MS after the oldest piece', () => {
    const f = fakeClock();
    const sink = createStreamSink(f.clock);
    const listener = vi.fn();
    sink.subscribe(0, listener);
    let painted = 0;
    // A key every 30 ms and a piece every 40 ms, for two seconds.
    for (let ms = 0; ms < 2000; ms += 10) {
      if (ms % 30 === 0) f.type();
      if (ms % 40 === 0) sink.append(0, '字');
      f.advance(10);
      if (f.pendingFrames()) {
        f.nextFrame();
        painted++;
      }
    }
    // 50 pieces, but only about one paint per MAX_DEFER_MS, and every piece shown in the end.
    expect(painted).toBeGreaterThanOrEqual(Math.floor(2000 / MAX_DEFER_MS) - 1);
    expect(painted).toBeLessThanOrEqual(Math.ceil(2000 / MAX_DEFER_MS));
    f.advance(TYPING_PAUSE_MS);
    f.nextFrame();
    expect(listener).toHaveBeenLastCalledWith('字'.repeat(50));
  });
});
