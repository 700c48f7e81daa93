import { describe, expect, it, vi } from 'vitest';
import { createStreamSink } from './stream-sink';

describe('stream sink', () => {
  it('keeps each card’s text and tells only that card’s listeners', () => {
    const sink = createStreamSink();
    const first = vi.fn();
    const second = vi.fn();
    sink.subscribe(0, first);
    const stop = sink.subscribe(1, second);
    sink.append(0, '雨落');
    sink.append(0, '了一夜');
    sink.append(1, 'Rain');
    expect(sink.text(0)).toBe('雨落了一夜');
    expect(sink.text(1)).toBe('Rain');
    expect(first).toHaveBeenLastCalledWith('雨落了一夜');
    expect(second).toHaveBeenCalledTimes(1);
    stop();
    sink.append(1, ' fell');
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('starts empty again for a new stream', () => {
    const sink = createStreamSink();
    const listener = vi.fn();
    sink.subscribe(0, listener);
    sink.append(0, 'old');
    sink.reset();
    expect(sink.text(0)).toBe('');
    expect(listener).toHaveBeenLastCalledWith('');
  });
});
