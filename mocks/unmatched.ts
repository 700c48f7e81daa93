import { HttpResponse } from 'msw';
import { CONTRACT_ROUTES } from './contract-routes.gen';
import { apiError, type ErrorBody } from './http';
import { matchRoute } from './route-match';

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
  const allow = route.methods.join(', ');
  return HttpResponse.json<ErrorBody>(
    {
      error_code: 40500,
      error_msg: `${request.method} is not allowed on ${route.path} (allowed: ${allow})`,
      content: { allow: route.methods },
    },
    { status: 405, headers: { Allow: allow } },
  );
}
