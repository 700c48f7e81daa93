import type { UploadFailure } from './upload-machine';

/**
 * Spec 1 §5: a browser without FileReader cannot upload (update_web_error), and the chosen
 * file's type must start with image/ (not_image).
 */
export function checkImageFile(
  file: { type: string },
  hasFileReader = typeof FileReader !== 'undefined',
): Extract<UploadFailure, { kind: 'noFileReader' | 'notImage' }> | null {
  if (!hasFileReader) return { kind: 'noFileReader' };
  if (!file.type.startsWith('image/')) return { kind: 'notImage' };
  return null;
}
