import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import dev from '../../../src/demo/locales/zh/dev.json';
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

/** Reads the newest code for `target` from the mock panel, as a reviewer would. */
export async function codeFromMockPanel(page: Page, target: string): Promise<string> {
  const panel = page.getByRole('region', { name: dev.title, exact: true });
  if (!(await panel.isVisible())) {
    await page.getByRole('button', { name: dev.toggle, exact: false }).click();
  }
  await panel.waitFor();
  const row = panel.getByRole('listitem').filter({ hasText: target }).first();
  await row.waitFor();
  const code = (await row.locator('code').innerText()).trim();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}
