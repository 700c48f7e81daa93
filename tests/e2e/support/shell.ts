import type { Page } from 'playwright-core';
import zh from '../../../src/locales/zh/common.json';

/**
 * The app's frame as a user names it (zh unless another copy is given): headings, the header's
 * login button and account menu, the login dialog, the sign-in panel of a guarded screen.
 */

/** The common strings of one language (`src/locales/<lang>/common.json`). */
export type Copy = typeof zh;

export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true });
export const loginDialog = (page: Page, copy: Copy = zh) =>
  page.getByRole('dialog', { name: copy.auth.loginTitle });
export const signInPanel = (page: Page, copy: Copy = zh) =>
  page.getByRole('region', { name: copy.auth.loginRequiredTitle });
// The trigger's accessible name is the user's visible name followed by the "account menu" label
// (WCAG label-in-name), so match the label as part of the name.
export const accountMenu = (page: Page, copy: Copy = zh) =>
  page.getByRole('button', { name: copy.auth.account, exact: false });
export const headerLogin = (page: Page, copy: Copy = zh) =>
  page.getByRole('banner').getByRole('button', { name: copy.auth.login, exact: true });

/** A toast saying `text`. */
export const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

/** The page's path and query. */
export function pathOf(page: Page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}
