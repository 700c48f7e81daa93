import { HttpResponse } from 'msw';
import { ADMIN_ROUTES } from './admin-routes';
import { CONTRACT_ROUTES } from './contract-routes.gen';
import { apiError, type ErrorBody } from './http';
import { matchRoute, type Route } from './route-match';

/**
 * The backend's answers to API requests the contract has no operation for (openapi/api.yaml,
 * `x-unmatched`). The server owns its prefixes, so these never fall through to the static host
 * (which would answer with the app's HTML).
 */

/** 404 with the error body. */
export function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  return apiError(40400, `no endpoint ${request.method} ${pathname}`, null, 404);
}

/**
 * 405 with `Allow` for a path of the contract asked with a method it lacks, 404 for a path it
 * does not have, null when it has the operation. Routed as OpenAPI routes: a literal path
 * wins over a template, so `DELETE /api/v1/stories/recycle` is 405 here, where the handlers'
 * router would take "recycle" for a story id.
 */
export function contractRefusal(request: Request): Response | null {
  const { pathname } = new URL(request.url);
  const route = matchRoute(CONTRACT_ROUTES, pathname);
  if (!route) return notFound(request);
  if (route.methods.includes(request.method)) return null;
  return methodNotAllowed(request.method, route);
}

/**
 * An admin request no handler took: 405 with `Allow` for a path of openapi/mock-admin.yaml
 * asked with a method it lacks, else 404 (40400).
 */
export function adminRefusal(request: Request): Response {
  const { pathname } = new URL(request.url);
  const route = matchRoute(ADMIN_ROUTES, pathname);
  if (!route) return apiError(40400, 'no such admin endpoint', null, 404);
  return methodNotAllowed(request.method, route);
}

/**
 * Methods a host receives but the platform's `Request` cannot carry (Fetch forbids them), so
 * they never reach the backend's handlers: the host answers them itself with `unsupportedMethod`.
 */
export const UNCARRIED_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The answer to a method the backend does not take at all (TRACE, CONNECT, TRACK): 405 with
 * the methods of the contract's or the admin API's path in `Allow`, 404 for a path neither has.
 */
export function unsupportedMethod(method: string, pathname: string): Response {
  const route = matchRoute(CONTRACT_ROUTES, pathname) ?? matchRoute(ADMIN_ROUTES, pathname);
  if (!route) return apiError(40400, `no endpoint ${method} ${pathname}`, null, 404);
  return methodNotAllowed(method, route);
}

function methodNotAllowed(method: string, route: Route): Response {
  const allow = route.methods.join(', ');
  return HttpResponse.json<ErrorBody>(
    {
      error_code: 40500,
      error_msg: `${method} is not allowed on ${route.path} (allowed: ${allow})`,
      content: { allow: route.methods },
    },
    { status: 405, headers: { Allow: allow } },
  );
}

/**
 * The answer to a request the backend failed on: a fixed text, never the error's (it would
 * tell the client about the server's insides). The error goes to the host's console.
 */
export const INTERNAL_ERROR_BODY: ErrorBody = {
  error_code: 50000,
  error_msg: 'internal server error',
  content: null,
};

export function internalError(error: unknown): Response {
  console.error('[mock] unhandled error', error);
  return HttpResponse.json<ErrorBody>(INTERNAL_ERROR_BODY, { status: 500 });
}
