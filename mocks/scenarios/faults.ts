import { http as mswHttp, HttpResponse } from 'msw';
import { isApiRequest } from '../api-paths';

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

/** Every API call answers 500, naming the failure by an `error_id` as a real service does. */
export function serverError() {
  let failures = 0;
  return [
    mswHttp.all('*', ({ request }) => {
      if (!isApiRequest(request.url)) return undefined;
      failures += 1;
      return HttpResponse.json(
        {
          error_code: 50000,
          error_msg: 'internal server error',
          content: null,
          error_id: `err_${failures.toString(36).padStart(6, '0')}`,
        },
        { status: 500 },
      );
    }),
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
