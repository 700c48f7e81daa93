import { http as mswHttp, HttpResponse } from 'msw';
import { isApiRequest } from '../api-paths';
import { apiError } from '../http';

/**
 * Named failure scenarios (Grafana-style): tests, stories and the demo's `?scenario=`
 * all call these same functions. Each returns handlers that take precedence.
 */

/** Every API call fails as if the connection dropped. */
export function networkDown() {
  return [
    mswHttp.all('*', ({ request }) =>
      isApiRequest(request.url) ? HttpResponse.error() : undefined,
    ),
  ];
}

/** Every API call answers 500. */
export function serverError() {
  return [
    mswHttp.all('*', ({ request }) =>
      isApiRequest(request.url) ? apiError(50000, 'internal server error', null, 500) : undefined,
    ),
  ];
}

/** Every API call hangs past the client's 5000 ms timeout. */
export function slowNetwork(ms = 8000) {
  return [
    mswHttp.all('*', async ({ request }) => {
      if (!isApiRequest(request.url)) return undefined;
      await new Promise((r) => setTimeout(r, ms));
      return undefined;
    }),
  ];
}
