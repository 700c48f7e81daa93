import { afterEach, describe, expect, it, vi } from 'vitest';
import { CROP_TIMEOUT_MS, cropWithin } from './crop-output';

describe('cropWithin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the crop when it comes in time', async () => {
    await expect(cropWithin(Promise.resolve('crop'), 50)).resolves.toBe('crop');
  });

  it('passes on a crop that failed', async () => {
    await expect(cropWithin(Promise.reject(new Error('no canvas')), 50)).rejects.toThrow(
      'no canvas',
    );
  });

  it('fails a crop that never ends once the longest wait has passed, and not before', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const crop = cropWithin(new Promise<never>(() => {})).then(settled, (e: Error) => {
      settled(e.message);
    });
    await vi.advanceTimersByTimeAsync(CROP_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await crop;
    expect(settled).toHaveBeenCalledWith('the crop took too long');
  });
});
