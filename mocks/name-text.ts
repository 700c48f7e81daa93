import * as v from 'valibot';
import { stripBidiControls } from '@/rules/display-text';

/**
 * A one-line name or title in a request body (story title, chapter name, world title, entry
 * name, relationship, goal, forbidden word, nickname): bidi control characters are stripped
 * before any check, as the client's fields do (`src/rules/display-text.ts`).
 */
export const nameText = v.pipe(v.string(), v.transform(stripBidiControls));
