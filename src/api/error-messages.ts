import { isApiError, type ApiError } from './api-error';

/**
 * Translation keys for failed calls, resolved from (endpoint, code): one code means
 * different things in different flows (40403, 40406, 40407, 42244 …, spec 1 §8).
 * Order: connectivity → endpoint-specific → shared codes → server text → generic.
 */
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

const BY_ENDPOINT: Record<string, Record<number, string>> = {};

/** Register the meanings of codes for one endpoint (each feature's api/index.ts does this). */
export function registerErrorMessages(endpoint: string, codes: Record<number, string>) {
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
}

export function resolveErrorMessage(endpoint: string, error: ApiError): ResolvedMessage {
  // Spec 1 §8: a network failure or status 0 or 500 shows a connectivity message.
  if (error.kind === 'network' || error.status === 0 || error.status === 500) {
    return { key: error.kind === 'timeout' ? 'errors:timeout' : 'errors:network', text: null };
  }
  if (error.code !== null) {
    const key = BY_ENDPOINT[endpoint]?.[error.code] ?? SHARED[error.code];
    if (key) return { key, text: null };
  }
  if (error.serverMessage) return { key: null, text: error.serverMessage };
  if (error.status >= 500) return { key: 'errors:server', text: null };
  return { key: 'errors:generic', text: null };
}

/** The message to show for a failed call: the resolved key translated, else the server's text. */
export function errorText(endpoint: string, error: unknown, t: (key: string) => string): string {
  if (!isApiError(error)) return t('errors:generic');
  const resolved = resolveErrorMessage(endpoint, error);
  return resolved.key ? t(resolved.key) : (resolved.text ?? t('errors:generic'));
}
