import { apiError } from './http';

/**
 * Who may drive the backend (issue 25). The admin API answers only the app's own pages, and no
 * page of another site can make the backend change its data by sending the browser there.
 *
 * - An admin request is refused when it is a navigation (a link, a form, an address typed in:
 *   `request.mode` in the service worker, `Sec-Fetch-Mode` over HTTP), when it comes from
 *   another origin's page (`Sec-Fetch-Site` other than `same-origin`/`none`, or an `Origin`
 *   that is not the request's own), and when it writes without declaring a JSON body: a JSON
 *   content type cannot be sent across origins without a preflight, which the HTTP server
 *   refuses, so no "simple" request of another site can write.
 * - Any other backend request that writes (not GET/HEAD/OPTIONS) is refused when it is a
 *   navigation: the app never submits a form to the API, a cross-site form would.
 *
 * A request with none of these headers (curl, Node's fetch in the e2e harness, API tools) is
 * not a browser driven by another site: it passes. The service worker only ever sees its own
 * pages' requests and navigations; the HTTP server also refuses another origin's writes to the
 * API (`node/server.ts`).
 */
export const REFUSED = 40300;

const ADMIN_PREFIX = '/__mock/';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isWrite = (method: string) => !READS.has(method.toUpperCase());

export function isNavigation(request: Request): boolean {
  return request.mode === 'navigate' || request.headers.get('Sec-Fetch-Mode') === 'navigate';
}

/** The page that sent it is not of the request's own origin, as far as the browser tells. */
export function fromAnotherOrigin(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('Origin');
  return origin !== null && origin !== new URL(request.url).origin;
}

/** `Content-Type` is JSON (`application/json`, with or without parameters). */
export function declaresJson(request: Request): boolean {
  const type = request.headers.get('Content-Type') ?? '';
  return type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The 403 (40300) for a request the backend does not take from where it came; null: answer it. */
export function requestRefusal(request: Request): Response | null {
  const { pathname } = new URL(request.url);
  const write = isWrite(request.method);
  if (pathname.startsWith(ADMIN_PREFIX)) {
    if (isNavigation(request))
      return refuse('the admin API does not answer navigations; call it from the app');
    if (fromAnotherOrigin(request))
      return refuse("the admin API answers only the backend's own pages");
    if (write && !declaresJson(request))
      return refuse('admin writes must be sent as application/json');
    return null;
  }
  if (write && isNavigation(request))
    return refuse('the API does not take writes from a navigation (a form)');
  return null;
}

function refuse(message: string): Response {
  return apiError(REFUSED, message, null, 403);
}
