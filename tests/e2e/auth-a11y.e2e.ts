import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import abouts from '../../src/locales/zh/abouts.json';
import common from '../../src/locales/zh/common.json';
import auth from '../../src/locales/zh/auth.json';
import enAbouts from '../../src/locales/en/abouts.json';
import enCommon from '../../src/locales/en/common.json';
import enAuth from '../../src/locales/en/auth.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';
import { toast } from './support/shell';

/**
 * The login dialog as assistive technology meets it, in real Chromium against the built demo:
 * axe on its modes (e-mail with errors, account creation, password reset; dark and English),
 * and the page behind it inert while it is open, its toasts still read.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const AUTHOR_PHONE = '13800138000';

const loginDialog = (page: Page) =>
  page.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
const headerLogin = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: common.auth.login, exact: true });

/** What Chromium exposes to assistive technology (its accessibility tree, less ignored nodes). */
async function exposed(page: Page): Promise<{ role?: string; name?: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value?: string }; name?: { value?: string } }[];
  };
  await cdp.detach();
  return nodes.filter((n) => !n.ignored).map((n) => ({ role: n.role?.value, name: n.name?.value }));
}

describe('login dialog', () => {
  it('axe finds nothing serious in the e-mail, creation and reset modes', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    await page.goto(`${demo}/dashboard/abouts`);
    await headerLogin(page).click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: auth.modes.email, exact: true }).click();
    await dialog.getByRole('button', { name: auth.submit, exact: true }).click();
    await dialog.getByRole('alert').first().waitFor();
    const emailViolations = await axe(page, dialog);
    await screenshot(page, 'auth-email-errors');
    expect.soft(emailViolations, formatViolations(emailViolations)).toEqual([]);

    await dialog.getByRole('button', { name: auth.createAccount, exact: true }).click();
    const create = page.getByRole('dialog', { name: auth.create.title, exact: true });
    await create.waitFor();
    const createViolations = await axe(page, create);
    expect.soft(createViolations, formatViolations(createViolations)).toEqual([]);

    await create.getByRole('button', { name: auth.backToLogin, exact: true }).click();
    await dialog.getByRole('button', { name: auth.forgotPassword, exact: true }).click();
    const reset = page.getByRole('dialog', { name: auth.reset.title, exact: true });
    await reset.waitFor();
    const resetViolations = await axe(page, reset);
    await screenshot(page, 'auth-reset');
    expect.soft(resetViolations, formatViolations(resetViolations)).toEqual([]);
  });

  it('axe finds nothing serious in the dark theme in English (phone, then e-mail with errors)', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    await page.goto(`${demo}/dashboard/abouts`);
    await page.getByRole('button', { name: common.settings.darkTheme, exact: true }).click();
    await page
      .getByRole('combobox', { name: common.settings.language, exact: true })
      .selectOption('en');
    await page.getByRole('heading', { name: enAbouts.title, exact: true }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: enCommon.auth.login, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: enCommon.auth.loginTitle, exact: true });
    await dialog.waitFor();
    const phoneViolations = await axe(page, dialog);
    expect.soft(phoneViolations, formatViolations(phoneViolations)).toEqual([]);

    await dialog.getByRole('button', { name: enAuth.modes.email, exact: true }).click();
    await dialog.getByRole('button', { name: enAuth.submit, exact: true }).click();
    await dialog.getByRole('alert').first().waitFor();
    const emailViolations = await axe(page, dialog);
    await screenshot(page, 'auth-dark-en-email-errors');
    expect.soft(emailViolations, formatViolations(emailViolations)).toEqual([]);
  });
});

describe('the page behind the login dialog', () => {
  it('is inert: Tab stays in the dialog, the header leaves the accessibility tree, a toast is still read; Esc gives it back', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts`);
    await page.getByRole('heading', { name: abouts.title, exact: true }).waitFor();
    const opener = headerLogin(page);
    await opener.click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog()).toBe(true);
    }

    // Sending a code toasts while the dialog is open: the live region is outside the inert part.
    await dialog.getByLabel(auth.phone, { exact: true }).fill(AUTHOR_PHONE);
    await dialog.getByRole('button', { name: auth.sendCode, exact: true }).click();
    await toast(page, auth.codeSent).waitFor();
    const behind = await exposed(page);
    expect(behind.some((n) => n.role === 'dialog' && n.name === common.auth.loginTitle)).toBe(true);
    expect(behind.some((n) => n.role === 'status')).toBe(true);
    expect(behind.some((n) => n.name === auth.codeSent)).toBe(true);
    expect(behind.some((n) => n.role === 'banner')).toBe(false);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await exposed(page)).some((n) => n.role === 'banner')).toBe(true);
  });
});
