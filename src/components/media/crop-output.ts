import type { CropperSelection } from 'cropperjs';
import { clock, type TimerId } from '@/lib/clock';
import {
  JPEG_QUALITY,
  outputSize,
  outputType,
  sizePair,
  type CropRatio,
  type SizePair,
} from './crop-geometry';
import { encodePalettePng, quantise } from './palette-png';

/** What the cropper hands its caller (spec 1 §3 "Cropper output"). */
export interface CropResult {
  blob: Blob;
  ratio: CropRatio;
  size: SizePair;
}

/**
 * How long `toBlob` may take before the JPEG is encoded at once instead. Chromium encodes a
 * `toBlob` JPEG in the page's idle time, which a busy or frame-less page may not give it
 * (twice a crop in a loaded CI browser never finished, and the encoder is its one wait);
 * `toDataURL` encodes on the spot, the same image at the same quality.
 */
export const ENCODE_FALLBACK_MS = 3000;

/** A `data:image/jpeg;base64,…` URL as a Blob; anything else (an unsupported type) throws. */
function jpegDataUrlToBlob(url: string): Blob {
  const prefix = 'data:image/jpeg;base64,';
  if (!url.startsWith(prefix)) throw new Error('canvas gave no JPEG');
  const bytes = Uint8Array.from(atob(url.slice(prefix.length)), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/jpeg' });
}

/** The canvas as a JPEG: by `toBlob`, or by `toDataURL` when that has not answered in time. */
export function canvasToJpeg(
  canvas: HTMLCanvasElement,
  fallbackMs = ENCODE_FALLBACK_MS,
): Promise<Blob> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = clock.setTimeout(() => {
      if (settled) return;
      settled = true;
      try {
        resolve(jpegDataUrlToBlob(canvas.toDataURL('image/jpeg', JPEG_QUALITY)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }, fallbackMs);
    canvas.toBlob(
      (blob) => {
        if (settled) return;
        settled = true;
        clock.clearTimeout(timer);
        if (blob) resolve(blob);
        else reject(new Error('canvas gave no JPEG'));
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/**
 * Renders the selected area at the output size: JPEG 0.8 on white (JPEG has no alpha), or a
 * 256-colour palette PNG for a PNG source with the identify option.
 */
export async function renderCrop(
  selection: CropperSelection,
  ratio: CropRatio,
  sourceType: string,
  identify: boolean,
): Promise<CropResult> {
  const { width, height } = outputSize(ratio);
  const type = outputType(sourceType, identify);
  const canvas = await selection.$toCanvas({
    width,
    height,
    beforeDraw(context) {
      if (type === 'image/jpeg') {
        context.fillStyle = '#fff';
        context.fillRect(0, 0, width, height);
      }
    },
  });
  let blob: Blob;
  if (type === 'image/jpeg') blob = await canvasToJpeg(canvas);
  else {
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    const png = await encodePalettePng(width, height, quantise(pixels));
    blob = new Blob([png as BlobPart], { type: 'image/png' });
  }
  return { blob, ratio, size: sizePair(ratio) };
}

/**
 * The longest a crop may take. Drawing and encoding take well under a second; past this the
 * crop counts as failed, so the dialog says so and can be used again, rather than staying busy.
 */
export const CROP_TIMEOUT_MS = 10_000;

/** `work`, or a rejection once it has taken longer than `timeoutMs`. */
export function cropWithin<T>(work: Promise<T>, timeoutMs = CROP_TIMEOUT_MS): Promise<T> {
  let timer: TimerId | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = clock.setTimeout(() => reject(new Error('the crop took too long')), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clock.clearTimeout(timer));
}
