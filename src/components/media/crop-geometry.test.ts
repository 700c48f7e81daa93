import { describe, expect, it } from 'vitest';
import {
  cropBoxRect,
  cropBoxSize,
  outputSize,
  outputType,
  ratiosFor,
  sizePair,
} from './crop-geometry';

describe('cropper geometry (spec 1 §9)', () => {
  it('outputs 1080 wide: 1080 tall for 1:1, 2160 for 1:2', () => {
    expect(outputSize('1:1')).toEqual({ width: 1080, height: 1080 });
    expect(outputSize('1:2')).toEqual({ width: 1080, height: 2160 });
  });

  it('has a crop box 418 tall: 209 wide for 1:2, 418 for 1:1', () => {
    expect(cropBoxSize('1:2')).toEqual({ width: 209, height: 418 });
    expect(cropBoxSize('1:1')).toEqual({ width: 418, height: 418 });
    expect(cropBoxRect('1:2', 480)).toEqual({ x: 136, y: 24, width: 209, height: 418 });
  });

  it('shrinks the crop box to a stage narrower than it, keeping the ratio and centring it', () => {
    expect(cropBoxRect('1:1', 340)).toEqual({ x: 0, y: 63, width: 340, height: 340 });
    expect(cropBoxRect('1:2', 340)).toEqual({ x: 66, y: 24, width: 209, height: 418 });
  });

  it('gives the size pair the caller receives', () => {
    expect(sizePair('1:2')).toEqual([1, 2]);
    expect(sizePair('1:1')).toEqual([1, 1]);
  });

  it('offers 1:2 first, and only 1:1 for head images', () => {
    expect(ratiosFor(false)).toEqual(['1:2', '1:1']);
    expect(ratiosFor(true)).toEqual(['1:1']);
  });

  it('writes PNG only for a PNG source with the identify option', () => {
    expect(outputType('image/png', true)).toBe('image/png');
    expect(outputType('image/png', false)).toBe('image/jpeg');
    expect(outputType('image/jpeg', true)).toBe('image/jpeg');
    expect(outputType('image/webp', false)).toBe('image/jpeg');
  });
});
