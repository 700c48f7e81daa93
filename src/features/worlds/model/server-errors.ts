import { isApiError } from '@/api/api-error';

/**
 * Which form field a server refusal belongs to (spec 1 §8 codes), so the message shows where
 * the user typed; anything else is shown for the whole form.
 */
const WORLD_FIELDS: Record<number, 'title' | 'background' | 'words'> = {
  42204: 'title',
  42205: 'background',
  40301: 'words',
  42258: 'words',
};

const ENTRY_FIELDS: Record<number, 'name' | 'description' | 'target' | 'relationships'> = {
  42200: 'name',
  42206: 'name',
  42256: 'name',
  42207: 'description',
  42257: 'target',
  42259: 'relationships',
};

function codeOf(error: unknown): number | null {
  return isApiError(error) ? error.code : null;
}

export function worldFieldOf(error: unknown) {
  const code = codeOf(error);
  return code === null ? 'form' : (WORLD_FIELDS[code] ?? 'form');
}

export function entryFieldOf(error: unknown) {
  const code = codeOf(error);
  return code === null ? 'form' : (ENTRY_FIELDS[code] ?? 'form');
}
