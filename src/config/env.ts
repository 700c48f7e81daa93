/**
 * Runtime configuration. Pointing the client at a real backend means setting the
 * VITE_* variables below at build time and VITE_MOCKS=false; nothing else changes. The app
 * itself never asks whether mocks are on: the demo only adds a host script to index.html
 * (src/demo/register.ts), so the app's bundle is the same in both builds.
 */
// Each variable is read by name: `import.meta.env` as a whole would inline every VITE_*
// variable, VITE_MOCKS included, and the demo's bundle would differ from the product's.
const e = {
  BASE_URL: import.meta.env.BASE_URL,
  VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL,
  VITE_WORLDS_BASE_URL: import.meta.env.VITE_WORLDS_BASE_URL,
  VITE_PAYMENT_BASE_URL: import.meta.env.VITE_PAYMENT_BASE_URL,
  VITE_AUTH_BASE_URL: import.meta.env.VITE_AUTH_BASE_URL,
  VITE_TIME_URL: import.meta.env.VITE_TIME_URL,
  VITE_SOCKET_URL: import.meta.env.VITE_SOCKET_URL,
  VITE_IMAGE_PROXY_HOST: import.meta.env.VITE_IMAGE_PROXY_HOST,
};

const trimSlash = (s: string) => s.replace(/\/+$/, '');
// Same origin when unset; an absolute origin keeps Request() happy outside the browser too.
const main = trimSlash(
  e.VITE_API_BASE_URL || (typeof location !== 'undefined' ? location.origin : 'http://localhost'),
);

export const env = {
  /** Public path of the app (Vite `base`), always ending with '/'. */
  basePath: e.BASE_URL,
  /** Request timeout of the main HTTP client (spec 1 §7, spec 2 §9). */
  requestTimeoutMs: 5000,
  /**
   * Service bases. The specification names several hosts (main API, worlds service,
   * payment host, third-party auth host, time service); each defaults to the main base.
   */
  services: {
    main,
    worlds: trimSlash(e.VITE_WORLDS_BASE_URL || main),
    payment: trimSlash(e.VITE_PAYMENT_BASE_URL || main),
    auth: trimSlash(e.VITE_AUTH_BASE_URL || main),
    time: trimSlash(e.VITE_TIME_URL || main),
  },
  socketUrl: e.VITE_SOCKET_URL ?? '',
  /** The image host whose images load through the proxy path (spec 1 §3); empty: none. */
  imageProxyHost: e.VITE_IMAGE_PROXY_HOST ?? '',
  /** Brand client id / application type (spec 1 §9, spec 2 §9). */
  appType: 30,
} as const;

export type ServiceName = keyof typeof env.services;

/** Which service a contract path belongs to. */
export function serviceFor(path: string): ServiceName {
  if (path.startsWith('/api/v1/payment')) return 'payment';
  // Spec 1 §7 lists the story's continuation characters with the worlds calls.
  if (
    path.startsWith('/api/v1/universes') ||
    path.startsWith('/api/v1/audit') ||
    /^\/api\/v2\/stories\/[^/]+\/continue_writing_character$/.test(path)
  )
    return 'worlds';
  if (path.startsWith('/oauth2/') || path.startsWith('/api/v1/auth/')) return 'auth';
  if (path === '/time') return 'time';
  return 'main';
}

export function resolveUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return env.services[serviceFor(path)] + path;
}
