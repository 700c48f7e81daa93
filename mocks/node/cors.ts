import type { IncomingMessage } from 'node:http';

/**
 * Which pages may call the mock server from a browser. The app's dev server (Vite, port 5173)
 * is the usual caller: its custom headers (Authorization, uid, lang, ostype) make every call
 * preflighted, and it sends credentials, so the origin is echoed, never `*`.
 */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const CLIENT_HEADERS = ['Authorization', 'uid', 'lang', 'ostype', 'Content-Type'];
const PREFLIGHT_MAX_AGE_S = 600;

export interface CorsPolicy {
  /** The page of this origin may call the server (it is on the list, or the list has `*`). */
  allows(origin: string): boolean;
  /** The headers every answer to this request carries (none for a refused origin). */
  answerHeaders(req: IncomingMessage): Record<string, string>;
  /** A preflight: null when the request is not one, else whether it is allowed and the headers. */
  preflight(req: IncomingMessage): { allowed: boolean; headers: Record<string, string> } | null;
}

/** `--cors a,b` → the list; `'*'` anywhere in it allows every origin. */
export function parseCorsList(value: string): string[] {
  return value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

export function corsPolicy(origins: readonly string[] = DEFAULT_CORS_ORIGINS): CorsPolicy {
  const any = origins.includes('*');
  const allowedOrigin = (req: IncomingMessage) => {
    const origin = req.headers.origin;
    return origin && (any || origins.includes(origin)) ? origin : null;
  };
  // An echoed origin makes the answer differ per origin: caches must know.
  const answerHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = allowedOrigin(req);
    return origin
      ? {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          Vary: 'Origin',
        }
      : {};
  };
  return {
    allows: (origin) => any || origins.includes(origin),
    answerHeaders,
    preflight(req) {
      const method = req.headers['access-control-request-method'];
      if (req.method !== 'OPTIONS' || !req.headers.origin || !method) return null;
      if (!allowedOrigin(req)) return { allowed: false, headers: { Vary: 'Origin' } };
      const asked = (req.headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      const known = new Set(CLIENT_HEADERS.map((h) => h.toLowerCase()));
      const headers = [...CLIENT_HEADERS, ...asked.filter((h) => !known.has(h.toLowerCase()))];
      return {
        allowed: true,
        headers: {
          ...answerHeaders(req),
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': headers.join(', '),
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
          Vary: 'Origin, Access-Control-Request-Headers',
        },
      };
    },
  };
}
