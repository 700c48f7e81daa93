import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import auth from '../../../src/locales/zh/auth.json';
import common from '../../../src/locales/zh/common.json';
import worlds from '../../../src/locales/zh/worlds.json';
import seed from '../../../mocks/seed.gen.json';
import { sessionFetch } from '../../../scripts/bench-chat.mjs';
import { admin } from './mock-admin';

/**
 * Durable text beyond the chapter editor (src/lib/use-durable-text.ts), shared by the
 * durable-text-*.e2e.ts files: each test types a counted number of a character found nowhere
 * else (support/marks.ts), applies a fault, and counts that character where the user looks for
 * it afterwards (the field, then the server after saving). Every fault must lose 0.
 */

/** Characters of CJK Extension A: in no seeded text, no string of the app. */
export const MARKS = ['㑀', '㑁', '㑂', '㑃', '㑄', '㑅', '㑆', '㑇'];

/** The seeded author's world, its background field, and the offer of text typed before. */
export const world = seed.worlds.find((w) => w.uid === 'u_author')!;
export const background = (page: Page) =>
  page.getByRole('textbox', { name: worlds.fields.background, exact: true });
export const offer = (page: Page) => page.getByRole('group', { name: /未保存的文字/ });

/** Opens the world in the demo this run serves (its leave prompts accepted). */
export async function openWorld(page: Page, scenario = '') {
  page.on('dialog', (d) => void d.accept());
  await page.goto(
    `${inject('demoUrl')}/dashboard/worlds/${world.id}${scenario ? `?scenario=${scenario}` : ''}`,
  );
  await background(page).waitFor();
}

export async function typeAtEnd(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Kills the page's renderer: no beforeunload, no pagehide, nothing written after. */
export async function crash(page: Page) {
  page.removeAllListeners('crash');
  const cdp = await page.context().newCDPSession(page);
  const crashed = new Promise((done) => page.once('crash', done));
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
}

/** The world's background as the server holds it. */
export async function serverBackground(page: Page) {
  const answer = await sessionFetch(page, `/api/v1/universes/${world.id}`);
  return (answer.body as { background?: string } | null)?.background ?? '';
}

export async function saveWorld(page: Page) {
  await page.getByRole('button', { name: worlds.editor.saveInfo, exact: true }).click();
  await page.getByText(worlds.editor.saved, { exact: true }).first().waitFor();
}

/** Logs the seeded author in again through the login dialog the session's end opened. */
export async function logInAgain(login: Locator) {
  await login.getByRole('button', { name: auth.modes.email, exact: true }).click();
  await login.getByLabel(auth.email, { exact: true }).fill('author@inkworld.test');
  await login.getByLabel(auth.password, { exact: true }).fill('inkworld2026');
  await login.getByRole('button', { name: auth.submit, exact: true }).click();
  await login.waitFor({ state: 'detached' });
}

/**
 * The server ends the session (its tokens expire, their refresh is refused) as `press` is
 * pressed: a save, a send. Either the press meets the dead session, or a request of the page's
 * own meets it a moment before (the socket closes when the token expires, and the page asks
 * again), so the screen is held before the press can land. Either way the login dialog opens
 * over the text: returned, with whether the press landed (if not, press it after the login).
 */
export async function endSessionAt(page: Page, press: Locator) {
  await admin(page, 'applyScenarios', ['token-expired', 'refresh-fails']);
  const pressed = await press.click({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  const login = page.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
  await login.waitFor();
  return { login, pressed };
}
