import { stripBidiControls } from '@/rules/display-text';

/**
 * A one-line name or title from a request body (story title, chapter name, world title, entry
 * name, relationship, goal, forbidden word, nickname) as the handlers check it: bidi control
 * characters stripped, as the client's fields do (`src/rules/display-text.ts`). The contract
 * (`NameText`) has already refused control characters.
 */
export function nameText(raw: string): string {
  return stripBidiControls(raw);
}
