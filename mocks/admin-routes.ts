import type { Route } from './route-match';

/**
 * Every path of the admin API (openapi/mock-admin.yaml) with the methods it answers, in the
 * document's order: a known path asked with another method is 405 with these in `Allow`.
 * `admin-guard.test.ts` fails when this list and the document disagree.
 */
export const ADMIN_ROUTES: readonly Route[] = [
  { path: '/__mock/scenarios', methods: ['GET', 'POST', 'DELETE'] },
  { path: '/__mock/reset', methods: ['POST'] },
  { path: '/__mock/import', methods: ['POST'] },
  { path: '/__mock/codes', methods: ['GET'] },
  { path: '/__mock/clock', methods: ['GET', 'POST'] },
  { path: '/__mock/latency', methods: ['GET', 'PUT'] },
  { path: '/__mock/sockets', methods: ['GET'] },
  { path: '/__mock/payments', methods: ['GET'] },
  { path: '/__mock/payments/{id}/pay', methods: ['POST'] },
  { path: '/__mock/payments/{id}/cancel', methods: ['POST'] },
];
