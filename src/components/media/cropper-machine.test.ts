import { describe, expect, it } from 'vitest';
import { closesOnBackdrop, cropperReducer, initialCropperState } from './cropper-machine';

const chosen = { type: 'fileChosen', url: 'blob:1', fileType: 'image/png' } as const;

describe('cropper machine', () => {
  it('starts in preview with a current image, else empty; 1:2 by default', () => {
    expect(initialCropperState({ image: '/a.jpg' })).toMatchObject({
      mode: 'preview',
      ratio: '1:2',
    });
    expect(initialCropperState({})).toMatchObject({ mode: 'empty', ratios: ['1:2', '1:1'] });
  });

  it('fixes head images at 1:1 and refuses other ratios', () => {
    const head = initialCropperState({ headImage: true });
    expect(head).toMatchObject({ ratio: '1:1', ratios: ['1:1'] });
    expect(cropperReducer(head, { type: 'ratioChosen', ratio: '1:2' })).toBe(head);
  });

  it('crops after a file is chosen; the background no longer closes it', () => {
    const start = initialCropperState({ image: '/a.jpg' });
    expect(closesOnBackdrop(start)).toBe(true);
    const cropping = cropperReducer(start, chosen);
    expect(cropping).toMatchObject({
      mode: 'cropping',
      source: { url: 'blob:1', type: 'image/png' },
    });
    expect(closesOnBackdrop(cropping)).toBe(false);
    expect(cropperReducer(cropping, { type: 'ratioChosen', ratio: '1:1' }).ratio).toBe('1:1');
  });

  it('waits while the result is taken, and keeps the crop when that fails', () => {
    const busy = cropperReducer(cropperReducer(initialCropperState({}), chosen), {
      type: 'confirmStarted',
    });
    expect(busy.busy).toBe(true);
    expect(cropperReducer(busy, { type: 'ratioChosen', ratio: '1:1' })).toBe(busy);
    const failed = cropperReducer(busy, { type: 'confirmFailed' });
    expect(failed).toMatchObject({ busy: false, mode: 'cropping', errorKey: null });
  });

  it('a crop that fails while confirming ends the wait with its message', () => {
    const busy = cropperReducer(cropperReducer(initialCropperState({}), chosen), {
      type: 'confirmStarted',
    });
    expect(cropperReducer(busy, { type: 'cropFailed' })).toMatchObject({
      busy: false,
      mode: 'cropping',
      errorKey: 'media:errors.cropFailed',
    });
  });

  it('shows why a file was refused, and cannot confirm without a crop', () => {
    const start = initialCropperState({});
    expect(
      cropperReducer(start, { type: 'fileRejected', errorKey: 'media:errors.notImage' }),
    ).toMatchObject({ errorKey: 'media:errors.notImage', mode: 'empty' });
    expect(cropperReducer(start, { type: 'confirmStarted' })).toBe(start);
  });
});
