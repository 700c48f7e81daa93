import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { WORLD_SERVER_LIMITS } from '@/rules/world-limits';

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

/**
 * The server's limits that are below the client's (background 300 vs 3000, description 150 vs
 * 300): text between the two passes the form, and the refusal's shared wording ("length
 * invalid") would leave the writer guessing, so these name the server's limit.
 */
const SERVER_LIMIT_MESSAGES: Record<number, { key: string; max: number }> = {
  42205: { key: 'worlds:serverLimit.background', max: WORLD_SERVER_LIMITS.background },
  42207: { key: 'worlds:serverLimit.description', max: WORLD_SERVER_LIMITS.description },
};

/** The message for a refused world or entry save, shown at the field `worldFieldOf` names. */
export function worldsErrorText(
  endpoint: string,
  error: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const limit = isApiError(error) && error.code !== null ? SERVER_LIMIT_MESSAGES[error.code] : null;
  return limit ? t(limit.key, { max: limit.max }) : errorText(endpoint, error, t);
}
