import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import errors from '../../src/locales/zh/errors.json';
import membership from '../../src/locales/zh/membership.json';
import session from '../../src/locales/zh/session.json';
import auth from '../../src/locales/zh/auth.json';
import worlds from '../../src/locales/zh/worlds.json';
import {
  axe,
  formatViolations,
  lateEffects,
  nextFrames,
  screenshot,
  setupBrowser,
} from './support/browser';
import { admin, codeFromMockPanel } from './support/mock-admin';

/**
 * The session in real Chromium against the built demo (mock backend on): a token that
 * expires mid-session is refreshed exactly once, a refused refresh ends the session with the
 * session-expired message and the login dialog, the start-up outcomes shut (ban dialog)
 * and bindphone (forced bind-phone dialog, then binding), and the real-time socket opened
 * with the access token as its subprotocol (MSW answers sockets inside the page).
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

// ---- the user's vocabulary ------------------------------------------------------------

const accountMenu = (page: Page) =>
  page.getByRole('button', { name: common.auth.account, exact: false });
const banDialog = (page: Page) =>
  page.getByRole('dialog', { name: session.ban.title, exact: true });
const bindDialog = (page: Page) =>
  page.getByRole('dialog', { name: session.bind.title, exact: true });
const loginDialog = (page: Page) =>
  page.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

/** Refresh calls the page sent (the service worker answers them, the page still sends them). */
function countRefreshes(page: Page) {
  const seen = { n: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/user/refresh') seen.n += 1;
  });
  return seen;
}

async function storedSession(page: Page): Promise<{ uid: string; accessToken: string } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('pro_session'));
  return raw ? (JSON.parse(raw) as { value: { uid: string; accessToken: string } }).value : null;
}

const socketConnections = (page: Page) => admin(page, 'socketConnections');

// ---- token lifecycle ----------------------------------------------------------------------

describe('token lifecycle', () => {
  it('a token that expired while the tab was away is refreshed exactly once at its return', async () => {
    const page = await newPage({ clock: true });
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await accountMenu(page).waitFor();
    const before = await storedSession(page);
    expect(before?.uid).toBe('u_author');

    // The server expires every live access token; the app comes back with the stored
    // session and its first calls (user info, profile, balance, the screen) all meet 401.
    const refreshes = countRefreshes(page);
    await page.goto(`${demo}/dashboard/novels?scenario=token-expired`);
    await accountMenu(page).waitFor();
    await page.waitForLoadState('networkidle');
    await accountMenu(page).click();
    // The menu shows the balance broken down (its rows come from the benefits call).
    await page.getByText(membership.power.activity, { exact: true }).waitFor();
    await lateEffects(page, 800);

    expect(refreshes.n).toBe(1);
    const after = await storedSession(page);
    expect(after?.uid).toBe('u_author');
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(await loginDialog(page).count()).toBe(0);
  });

  it('a token that expires while the page stays open is refreshed exactly once by the next calls', async () => {
    const page = await newPage({ clock: true });
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await accountMenu(page).waitFor();
    await page.waitForLoadState('networkidle');
    const before = await storedSession(page);
    const refreshes = countRefreshes(page);

    // No reload: the server expires every live access token under the open page.
    await admin(page, 'applyScenarios', ['token-expired']);
    await page.getByRole('link', { name: common.nav.worlds, exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/dashboard/worlds');
    await page.getByRole('list', { name: worlds.list.label }).waitFor();
    await page.waitForLoadState('networkidle');
    await lateEffects(page, 800);

    expect(refreshes.n).toBe(1);
    const after = await storedSession(page);
    expect(after?.uid).toBe('u_author');
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(await loginDialog(page).count()).toBe(0);
    expect(await toast(page, errors.sessionExpired).count()).toBe(0);
  });

  it('a session the server ended, whose refresh is refused, says it expired (not the network) and opens the login dialog', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await accountMenu(page).waitFor();

    // Back with the stored session: the lookup meets 40103 and the refresh is refused.
    await page.goto(`${demo}/dashboard/novels?scenario=token-expired,refresh-fails`);
    await toast(page, errors.sessionExpired).waitFor();
    await loginDialog(page).waitFor();
    expect(await toast(page, session.startup.error).count()).toBe(0);
    expect(await storedSession(page)).toBeNull();
  });

  it('the socket connects with the access token as its subprotocol, and again after a refresh', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await accountMenu(page).waitFor();
    const first = await storedSession(page);
    await expect
      .poll(async () => (await socketConnections(page)).filter((c) => c.accepted).length)
      .toBeGreaterThan(0);
    const connections = await socketConnections(page);
    expect(connections[connections.length - 1]).toMatchObject({
      protocol: first?.accessToken,
      uid: 'u_author',
      accepted: true,
    });

    // After the one refresh of an expired session, the socket uses the new token.
    await page.goto(`${demo}/dashboard/novels?scenario=token-expired`);
    await accountMenu(page).waitFor();
    await expect
      .poll(async () => (await storedSession(page))?.accessToken)
      .not.toBe(first?.accessToken);
    const renewed = (await storedSession(page))!.accessToken;
    await expect
      .poll(async () =>
        (await socketConnections(page)).some((c) => c.accepted && c.protocol === renewed),
      )
      .toBe(true);
  });
});

// ---- start-up outcomes ------------------------------------------------------------------

describe('start-up outcomes', () => {
  it('?scenario=signed-in,banned shows the ban dialog with its end time; only logout gets out', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in,banned`);
    const dialog = banDialog(page);
    await dialog.waitFor();
    await expect
      .poll(() => dialog.innerText())
      .toMatch(new RegExp(fill(session.ban.body, { end: '.+' }).replace('。', '')));
    await page.keyboard.press('Escape');
    await nextFrames(page);
    expect(await dialog.isVisible()).toBe(true);
    const violations = await axe(page, dialog);
    expect(violations, formatViolations(violations)).toEqual([]);
    await screenshot(page, 'session-ban-dialog');

    await dialog.getByRole('button', { name: session.ban.logout, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.pathname === '/dashboard/novels');
    await expect.poll(() => storedSession(page)).toBeNull();
  });

  it('?scenario=signed-in,phone-unbound forces the bind-phone dialog, and binding works', async () => {
    const page = await newPage({ clock: true });
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in,phone-unbound`);
    const dialog = bindDialog(page);
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await nextFrames(page);
    expect(await dialog.isVisible()).toBe(true);

    const phone = '13912345678';
    await dialog.getByLabel(session.bind.phone, { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: auth.sendCode, exact: true }).click();
    await dialog
      .getByRole('button', { name: new RegExp(fill(auth.resendIn, { seconds: '\\d+' })) })
      .waitFor();
    const code = await codeFromMockPanel(page, `+86 ${phone}`);
    await dialog.getByLabel(auth.code, { exact: true }).fill(code);
    await dialog.getByRole('button', { name: session.bind.submit, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, session.bind.bound).waitFor();

    // Bound for good: the app started again (without the scenario) asks for nothing.
    await page.goto(`${demo}/dashboard/novels`);
    await accountMenu(page).waitFor();
    await page.waitForLoadState('networkidle');
    await lateEffects(page, 800);
    expect(await bindDialog(page).count()).toBe(0);
  });
});
