import { countText, isTooLong } from './text-count';

/** Spec 1 §5 "Report" and §9: a type is required, the description at most 200, 3 images. */
export const REPORT_DESCRIPTION_MAX = 200;
export const REPORT_IMAGES_MAX = 3;

/** The description's length as the shared counter counts it (the live counter shows it). */
export function reportDescriptionLength(text: string): number {
  return countText(text);
}

/** Over 200 counted: the client refuses it at the field, the server answers 42244. */
export function reportDescriptionTooLong(text: string): boolean {
  return isTooLong(text, REPORT_DESCRIPTION_MAX);
}
