import { describe, expect, inject, it } from 'vitest';
import zh from '../../src/locales/zh/common.json';
import zhErrors from '../../src/locales/zh/errors.json';
import { lateEffects, setupBrowser } from './support/browser';
import { accountMenu, heading, headerLogin, signInPanel } from './support/shell';

/**
 * Smoke test of the built demo in real Chromium, its mock scenarios: `?scenario=signed-in`
 * signs in (the session kept in the app's storage, not the URL, through a reload), and
 * `network-down` shows a network error and a retry, never a blank page, also after a reload.
 * Texts come from the locale files.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

// ---- mock scenarios -------------------------------------------------------------------

describe('mock scenarios', () => {
  it('?scenario=signed-in shows the account menu and the guarded screen, and survives a reload', async () => {
    const page = await newPage({ clock: true });
    const expectSignedIn = async () => {
      await accountMenu(page).waitFor();
      await heading(page, zh.nav.novels).waitFor(); // the Novels screen itself
      await lateEffects(page, 800);
      expect(await signInPanel(page).count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await accountMenu(page).count()).toBe(1);
      expect(await headerLogin(page).count()).toBe(0);
    };

    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await expectSignedIn();
    // The session lives in the app's storage, not in the URL.
    await page.goto(`${demo}/dashboard/novels`);
    await expectSignedIn();
    await page.reload();
    await expectSignedIn();
  });

  it('?scenario=network-down while signed in shows a network error toast, never a blank page', async () => {
    const page = await newPage({ clock: true });
    // The toast lives 1500 ms and a busy machine can miss it between polls: record every alert.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __alerts: string[] }).__alerts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="alert"]')) {
          const text = el.textContent ?? '';
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in,network-down`);
    await page.waitForFunction(
      (text) =>
        (window as unknown as { __alerts: string[] }).__alerts.some((a) => a.includes(text)),
      zhErrors.network,
      { timeout: 15_000 },
    );
    // The list says so too, with a retry.
    await page.getByRole('button', { name: '重试' }).first().waitFor();
    await accountMenu(page).waitFor();
    expect(await page.locator('#root').innerText()).not.toBe('');
    expect(await page.getByRole('heading').count()).toBeGreaterThan(0);

    // The fault is remembered across a reload; the page still renders.
    await page.reload();
    await page.getByRole('heading').first().waitFor();
    await lateEffects(page, 800);
    expect((await page.locator('#root').innerText()).trim().length).toBeGreaterThan(0);
  });
});
