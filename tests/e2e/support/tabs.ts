import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

/**
 * A second tab of the same browser (same storage, same backend worker) on `path` of the demo
 * this run serves; it accepts the page's dialogs (the leave prompt).
 */
export async function secondTab(context: BrowserContext, path: string) {
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(inject('demoUrl') + path);
  return page;
}
