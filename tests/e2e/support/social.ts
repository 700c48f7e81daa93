import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axe, formatViolations } from './browser';

/** The social layer's e2e files (social-*.e2e.ts): its toasts, and axe on each screen and layer. */

/** The toast saying `text`. */
export const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

/**
 * Axe finds no serious or critical violation on the page (or in `scope`); soft, so every screen
 * on the way is judged and reported.
 */
export async function expectNoSeriousAxe(page: Page, where: string, scope?: Locator) {
  const violations = await axe(page, scope);
  expect.soft(violations, `${where}:\n${formatViolations(violations)}`).toEqual([]);
}
