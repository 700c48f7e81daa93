/**
 * The cropper's constants (spec 1 §9): output 1080 wide, 1080 tall for 1:1 and 2160 for 1:2,
 * JPEG at quality 0.8; a crop box 418 px tall, 209 wide for 1:2 and 418 for 1:1; zoom step 0.1.
 */

export type CropRatio = '1:2' | '1:1';
export type SizePair = [1, 2] | [1, 1];

/** Tab order; 1:2 is the default, 1:1 the only one for head images. */
export const CROP_RATIOS: readonly CropRatio[] = ['1:2', '1:1'];
export const DEFAULT_RATIO: CropRatio = '1:2';
export const OUTPUT_WIDTH = 1080;
export const JPEG_QUALITY = 0.8;
export const CROP_BOX_HEIGHT = 418;
export const ZOOM_STEP = 0.1;
/** Room around the crop box so the image can be seen and dragged past its edges. */
export const STAGE_PADDING = 24;

export function sizePair(ratio: CropRatio): SizePair {
  return ratio === '1:1' ? [1, 1] : [1, 2];
}

/** Width:height as a number (0.5 for 1:2). */
export function aspectOf(ratio: CropRatio): number {
  const [w, h] = sizePair(ratio);
  return w / h;
}

export function outputSize(ratio: CropRatio): { width: number; height: number } {
  return { width: OUTPUT_WIDTH, height: Math.round(OUTPUT_WIDTH / aspectOf(ratio)) };
}

export function cropBoxSize(ratio: CropRatio): { width: number; height: number } {
  return { width: Math.round(CROP_BOX_HEIGHT * aspectOf(ratio)), height: CROP_BOX_HEIGHT };
}

/** The crop box centred in a stage of the given width, with STAGE_PADDING above and below. */
export function cropBoxRect(ratio: CropRatio, stageWidth: number) {
  const box = cropBoxSize(ratio);
  // On a phone the stage can be narrower than a 418 px square: the box shrinks to fit, keeping its
  // ratio (the selection would otherwise be clipped to the stage's width and lose its shape).
  if (stageWidth > 0 && box.width > stageWidth) {
    const width = Math.floor(stageWidth);
    const height = Math.round(width / aspectOf(ratio));
    return { x: 0, y: STAGE_PADDING + Math.round((box.height - height) / 2), width, height };
  }
  return { x: Math.max(0, Math.round((stageWidth - box.width) / 2)), y: STAGE_PADDING, ...box };
}

export const STAGE_HEIGHT = CROP_BOX_HEIGHT + 2 * STAGE_PADDING;

/** Head images are always 1:1 (spec 1 §2): the tabs are hidden and the ratio fixed. */
export function ratiosFor(headImage: boolean): readonly CropRatio[] {
  return headImage ? ['1:1'] : CROP_RATIOS;
}

/** PNG output (palette) only for a PNG source when the identify option is set (spec 1 §9). */
export function outputType(sourceType: string, identify: boolean): 'image/png' | 'image/jpeg' {
  return identify && sourceType === 'image/png' ? 'image/png' : 'image/jpeg';
}
