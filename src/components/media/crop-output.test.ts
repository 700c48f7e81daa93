import { afterEach, describe, expect, it, vi } from 'vitest';
import { CROP_TIMEOUT_MS, ENCODE_FALLBACK_MS, canvasToJpeg, cropWithin } from './crop-output';

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

describe('canvasToJpeg', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A canvas whose toBlob answers as told (or never), and whose toDataURL gives `dataUrl`. */
  function canvas(
    toBlob: (done: BlobCallback) => void,
    dataUrl = 'data:image/jpeg;base64,/9j/4A==',
  ) {
    const el = document.createElement('canvas');
    const encodeNow = vi.fn(() => dataUrl);
    Object.assign(el, { toBlob: (done: BlobCallback) => toBlob(done), toDataURL: encodeNow });
    return { el, encodeNow };
  }

  it('takes toBlob’s JPEG when it answers, and encodes nothing else', async () => {
    vi.useFakeTimers();
    const jpeg = new Blob([new Uint8Array([255, 216])], { type: 'image/jpeg' });
    const { el, encodeNow } = canvas((done) => setTimeout(() => done(jpeg), 100));
    const out = canvasToJpeg(el);
    await vi.advanceTimersByTimeAsync(ENCODE_FALLBACK_MS * 2);
    await expect(out).resolves.toBe(jpeg);
    expect(encodeNow).not.toHaveBeenCalled();
  });

  it('encodes at once when toBlob has not answered in time: the same JPEG, byte for byte', async () => {
    vi.useFakeTimers();
    const late = vi.fn();
    const { el, encodeNow } = canvas((done) => late.mockImplementation(done));
    const out = canvasToJpeg(el);
    await vi.advanceTimersByTimeAsync(ENCODE_FALLBACK_MS - 1);
    expect(encodeNow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const blob = await out;
    expect(encodeNow).toHaveBeenCalledWith('image/jpeg', 0.8);
    expect(blob.type).toBe('image/jpeg');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([255, 216, 255, 224]);
    // toBlob's answer after that changes nothing.
    late(new Blob(['x']));
    await expect(out).resolves.toBe(blob);
  });

  it('fails when no JPEG comes either way', async () => {
    await expect(canvasToJpeg(canvas((done) => done(null)).el)).rejects.toThrow('no JPEG');
    vi.useFakeTimers();
    const png = canvas(() => undefined, 'data:image/png;base64,iVBORw==');
    const out = canvasToJpeg(png.el).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(ENCODE_FALLBACK_MS);
    expect(await out).toBe('canvas gave no JPEG');
  });
});
