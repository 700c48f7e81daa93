import type { Page } from 'playwright-core';
import type { AdminClient } from '../../../mocks/admin-client';

/**
 * The mock backend's admin API from a test, through the page: the demo's backend is the
 * page's service worker, so its calls go out from the page. These are the very functions the
 * mock panel and `?scenario=` use (mocks/admin-client.ts, `window.__mockAdmin` in the demo).
 */
type Method = keyof AdminClient;

export function admin<M extends Method>(
  page: Page,
  method: M,
  ...args: Parameters<AdminClient[M]>
): Promise<Awaited<ReturnType<AdminClient[M]>>> {
  return page.evaluate(
    ([m, a]) => {
      const client = (
        window as unknown as { __mockAdmin: Record<string, (...x: unknown[]) => unknown> }
      ).__mockAdmin;
      return client[m]!(...a);
    },
    [method, args] as [string, unknown[]],
  ) as Promise<Awaited<ReturnType<AdminClient[M]>>>;
}
