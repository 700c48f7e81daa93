import { describe, expect, inject, it } from 'vitest';
import abouts from '../../src/locales/zh/abouts.json';
import zh from '../../src/locales/zh/common.json';
import { setupBrowser } from './support/browser';
import { accountMenu, heading, signInPanel } from './support/shell';

/**
 * Smoke test of the sub-path build (base `/demo/`) in real Chromium: its screens and in-app
 * links keep the base, a deep link survives a reload, `/demo/` goes to the novels screen, and
 * the mock backend's worker is scoped to `/demo/` and answers there. Texts come from the locale
 * files.
 */
const subpath = inject('subpathUrl');
const { newPage } = setupBrowser();

// ---- the sub-path build -----------------------------------------------------------------

describe('sub-path build (base /demo/)', () => {
  it('renders /demo/dashboard/abouts, and in-app links keep the base', async () => {
    const page = await newPage();
    await page.goto(`${subpath}/dashboard/abouts`);
    await heading(page, abouts.title).waitFor();
    await page.getByRole('link', { name: zh.nav.square, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/demo/dashboard/square');
    await heading(page, zh.nav.square).waitFor();
  });

  it('a deep link loads and survives a reload; /demo/ redirects to /demo/dashboard/novels', async () => {
    const page = await newPage();
    await page.goto(`${subpath}/dashboard/square`);
    await heading(page, zh.nav.square).waitFor();
    await page.reload();
    await heading(page, zh.nav.square).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/dashboard/square');

    await page.goto(`${subpath}/`);
    await page.waitForURL((u) => u.pathname === '/demo/dashboard/novels');
    await signInPanel(page).waitFor();
  });

  it('the mock backend runs under /demo/: worker scoped there, API answered (signed-in profile)', async () => {
    const page = await newPage();
    await page.goto(`${subpath}/dashboard/novels?scenario=signed-in`);
    await accountMenu(page).waitFor();
    await heading(page, zh.nav.novels).waitFor();
    const worker = await page.evaluate(async () => ({
      scope: (await navigator.serviceWorker.getRegistration())?.scope ?? null,
      controlled: Boolean(navigator.serviceWorker.controller),
    }));
    expect(worker).toEqual({ scope: `${new URL(subpath).origin}/demo/`, controlled: true });
    // The user's name comes from the profile endpoint, answered by the worker under /demo/.
    await expect
      .poll(() => accountMenu(page).locator('.account-menu__name').innerText())
      .not.toBe('');
    await page.reload();
    await accountMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/dashboard/novels');
  });
});
