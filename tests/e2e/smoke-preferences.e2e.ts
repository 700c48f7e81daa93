import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import zhAbouts from '../../src/locales/zh/abouts.json';
import enAbouts from '../../src/locales/en/abouts.json';
import zh from '../../src/locales/zh/common.json';
import en from '../../src/locales/en/common.json';
import { axe, formatViolations, lateEffects, screenshot, setupBrowser } from './support/browser';
import { type Copy, heading, headerLogin, loginDialog } from './support/shell';

/**
 * Smoke test of the built demo (mock backend on) in real Chromium, the visitor's preferences:
 * the theme toggle and the language persist across a reload, and axe finds no serious or
 * critical violation on the about page and the login dialog in both (light and Chinese, dark and
 * English), with screenshots of each. Texts come from the locale files.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const themeToggle = (page: Page, copy: Copy = zh) =>
  page.getByRole('button', { name: copy.settings.darkTheme, exact: true });
const languageSelect = (page: Page, copy: Copy = zh) =>
  page.getByRole('combobox', { name: copy.settings.language, exact: true });

const dataTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.theme ?? null);
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

// ---- preferences ----------------------------------------------------------------------

describe('preferences', () => {
  it('the theme toggle sets html[data-theme] and persists across reload', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts`);
    await heading(page, zhAbouts.title).waitFor();
    expect(await dataTheme(page)).toBe('light');
    expect(await themeToggle(page).getAttribute('aria-pressed')).toBe('false');

    await themeToggle(page).click();
    await expect.poll(() => dataTheme(page)).toBe('dark');
    expect(await themeToggle(page).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await heading(page, zhAbouts.title).waitFor();
    expect(await dataTheme(page)).toBe('dark');
    expect(await themeToggle(page).getAttribute('aria-pressed')).toBe('true');

    await themeToggle(page).click();
    await expect.poll(() => dataTheme(page)).toBe('light');
    await page.reload();
    await heading(page, zhAbouts.title).waitFor();
    expect(await dataTheme(page)).toBe('light');
  });

  it('switching the language to English changes visible text and persists across reload', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts`);
    await heading(page, zhAbouts.title).waitFor();
    expect(await htmlLang(page)).toBe('zh-CN');

    await languageSelect(page).selectOption('en');
    await heading(page, enAbouts.title).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByRole('link', { name: en.nav.square }).count()).toBe(1);
    expect(await heading(page, zhAbouts.title).count()).toBe(0);

    await page.reload();
    await heading(page, enAbouts.title).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await languageSelect(page, en).inputValue()).toBe('en');
    // The title is set in an effect after the route renders: read it as it settles.
    await expect.poll(() => page.title()).toContain(en.brand);
  });
});

// ---- accessibility (axe) and screenshots ---------------------------------------------------

describe('accessibility', () => {
  it.each([
    { label: 'light-zh', dark: false, copy: zh, abouts: zhAbouts },
    { label: 'dark-en', dark: true, copy: en, abouts: enAbouts },
  ])(
    'axe finds no serious/critical violations on /dashboard/abouts and the login dialog ($label)',
    async ({ label, dark, copy, abouts }) => {
      const page = await newPage({ clock: true, reducedMotion: 'reduce' });
      await page.goto(`${demo}/dashboard/abouts`);
      await heading(page, zhAbouts.title).waitFor();
      if (dark) {
        await themeToggle(page).click();
        await expect.poll(() => dataTheme(page)).toBe('dark');
        await languageSelect(page).selectOption('en');
      }
      await heading(page, abouts.title).waitFor();
      expect(await dataTheme(page)).toBe(dark ? 'dark' : 'light');
      await lateEffects(page, 300);

      const pageViolations = await axe(page);
      await screenshot(page, `${label}-abouts`);
      expect
        .soft(pageViolations, `/dashboard/abouts (${label}):\n${formatViolations(pageViolations)}`)
        .toEqual([]);

      await headerLogin(page, copy).click();
      const dialog = loginDialog(page, copy);
      await dialog.waitFor();
      await lateEffects(page, 300);
      const dialogViolations = await axe(page, dialog);
      await screenshot(page, `${label}-login-dialog`);
      expect
        .soft(dialogViolations, `login dialog (${label}):\n${formatViolations(dialogViolations)}`)
        .toEqual([]);
    },
  );
});
