import { isApiError, type ApiError } from '@/core/api-error';

/**
 * Translation keys for failed calls, resolved from (endpoint, code): one code means
 * different things in different flows (40403, 40406, 40407, 42244 …, spec 1 §8).
 * Order: no answer (network, timeout) → server failure (5xx, with its error_id) →
 * endpoint-specific → shared codes → server text → generic.
 */

/** A message key, or a key with the values its placeholders need (`{{max}}`). */
export type MessageRef = string | { key: string; values: Record<string, string | number> };

const SHARED: Record<number, string> = {
  42203: 'errors:code.42203',
  42200: 'errors:code.42200',
  42221: 'errors:code.42221',
  40301: 'errors:code.40301',
  42204: 'errors:code.42204',
  42205: 'errors:code.42205',
  42206: 'errors:code.42206',
  42207: 'errors:code.42207',
  40312: 'errors:code.40312',
  42256: 'errors:code.42256',
  42257: 'errors:code.42257',
  40103: 'errors:code.40103',
};

const BY_ENDPOINT: Record<string, Record<number, MessageRef>> = {};

/** Register the meanings of codes for one endpoint (each feature's api/index.ts does this). */
export function registerErrorMessages(endpoint: string, codes: Record<number, MessageRef>) {
  BY_ENDPOINT[endpoint] = { ...BY_ENDPOINT[endpoint], ...codes };
}

/** Calls whose failures are handled quietly by their callers (spec 1 §7). */
const SILENT = new Set<string>();

export function markSilent(...endpoints: string[]) {
  for (const e of endpoints) SILENT.add(e);
}

export function isSilent(endpoint: string): boolean {
  return SILENT.has(endpoint);
}

export interface ResolvedMessage {
  /** i18next key, or null when the server's own text is shown. */
  key: string | null;
  text: string | null;
  /** Values for the key's placeholders, when it has any. */
  values?: Record<string, string | number>;
}

const ref = (message: MessageRef): ResolvedMessage =>
  typeof message === 'string'
    ? { key: message, text: null }
    : { key: message.key, text: null, values: message.values };

/**
 * The one classification of failures: no answer says the network failed or the wait ran out;
 * a 5xx says the service failed (naming its `error_id` for support when the body has one) and
 * never blames the user's network; a refusal is resolved from (endpoint, code).
 */
export function resolveErrorMessage(endpoint: string, error: ApiError): ResolvedMessage {
  if (error.kind === 'timeout') return { key: 'errors:timeout', text: null };
  if (error.kind === 'network') return { key: 'errors:network', text: null };
  if (error.kind === 'server' || error.status >= 500) {
    return error.errorId
      ? { key: 'errors:serverWithId', text: null, values: { id: error.errorId } }
      : { key: 'errors:server', text: null };
  }
  if (error.code !== null) {
    const message = BY_ENDPOINT[endpoint]?.[error.code] ?? SHARED[error.code];
    if (message) return ref(message);
  }
  if (error.serverMessage) return { key: null, text: error.serverMessage };
  return { key: 'errors:generic', text: null };
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The message to show for a failed call: the resolved key translated, else the server's text. */
export function errorText(endpoint: string, error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('errors:generic');
  const resolved = resolveErrorMessage(endpoint, error);
  if (!resolved.key) return resolved.text ?? t('errors:generic');
  return resolved.values ? t(resolved.key, resolved.values) : t(resolved.key);
}
