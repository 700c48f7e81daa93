import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import auth from '../../src/locales/zh/auth.json';
import { screenshot, setupBrowser } from './support/browser';
import { toast } from './support/shell';
import { codeFromMockPanel } from './support/mock-admin';

/**
 * The login dialog in real Chromium against the built demo (mock backend on): phone login
 * with the code read from the mock panel, e-mail login with the seeded account, and the
 * third-party round trip through the (simulated) provider and back, including a refusal.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const AUTHOR_PHONE = '13800138000';
const AUTHOR_EMAIL = 'author@inkworld.test';
const AUTHOR_PASSWORD = 'inkworld2026';
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

// ---- the user's vocabulary ------------------------------------------------------------

const loginDialog = (page: Page) =>
  page.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
const accountMenu = (page: Page) =>
  page.getByRole('button', { name: common.auth.account, exact: false });
const headerLogin = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: common.auth.login, exact: true });
const oauthButton = (page: Page, provider: 'wechat' | 'qq' | 'weibo') =>
  loginDialog(page).getByRole('button', {
    name: fill(auth.oauth.with, { provider: auth.oauth[provider] }),
    exact: true,
  });

async function lastLogin(page: Page): Promise<{ method?: string } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('pro_last_login'));
  if (!raw) return null;
  return (JSON.parse(raw) as { value: { method?: string } }).value;
}

async function expectLoggedIn(page: Page) {
  await accountMenu(page).waitFor();
  await loginDialog(page).waitFor({ state: 'detached' });
  expect(await headerLogin(page).count()).toBe(0);
}

// ---- the ways in ------------------------------------------------------------------------

describe('login dialog', () => {
  it('phone: send a code, read it from the mock panel, log in', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels`);
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await dialog.getByLabel(auth.phone, { exact: true }).fill(AUTHOR_PHONE);
    await dialog.getByRole('button', { name: auth.sendCode, exact: true }).click();
    // The send button turns into the countdown.
    await dialog
      .getByRole('button', { name: new RegExp(fill(auth.resendIn, { seconds: '\\d+' })) })
      .waitFor();

    const code = await codeFromMockPanel(page, `+86 ${AUTHOR_PHONE}`);
    await dialog.getByLabel(auth.code, { exact: true }).fill(code);
    await dialog.getByRole('button', { name: auth.submit, exact: true }).click();
    await expectLoggedIn(page);
    await toast(page, auth.loggedIn).waitFor();
    expect((await lastLogin(page))?.method).toBe('phone');
  });

  it('e-mail: the seeded author logs in with the password', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels`);
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: auth.modes.email, exact: true }).click();
    await dialog.getByLabel(auth.email, { exact: true }).fill(AUTHOR_EMAIL);
    await dialog.getByLabel(auth.password, { exact: true }).fill('wrongpass2026');
    await dialog.getByRole('button', { name: auth.submit, exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: auth.errors.passwordWrong }).waitFor();

    await dialog.getByLabel(auth.password, { exact: true }).fill(AUTHOR_PASSWORD);
    await dialog.getByRole('button', { name: auth.submit, exact: true }).click();
    await expectLoggedIn(page);
    expect((await lastLogin(page))?.method).toBe('email');
    // The session survives a reload.
    await page.reload();
    await accountMenu(page).waitFor();
  });

  it('third party: to the provider and back, logged in, code/oauth/state gone from the address', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts?from=e2e`);
    await headerLogin(page).click();
    await loginDialog(page).waitFor();
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('oauth') === 'qq', { waitUntil: 'commit' }),
      oauthButton(page, 'qq').click(),
    ]);
    // Back in the app: the callback is completed and the parameters removed.
    await expectLoggedIn(page);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/dashboard/novels');
    expect((await lastLogin(page))?.method).toBe('qq');
    await page.reload();
    await accountMenu(page).waitFor();
  });

  it('third party refused (scenario oauth-denied): the reason in the login dialog, still logged out', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts?scenario=oauth-denied`);
    await headerLogin(page).click();
    await loginDialog(page).waitFor();
    await oauthButton(page, 'wechat').click();
    await page.waitForURL((u) => u.searchParams.get('oauth') === 'wechat', { waitUntil: 'commit' });
    const dialog = loginDialog(page);
    await dialog.getByRole('alert').filter({ hasText: auth.errors.oauthDenied }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.has('oauth')).toBe(false);
    expect(await accountMenu(page).count()).toBe(0);
    await screenshot(page, 'auth-oauth-denied');
  });
});
