import { describe, expect, inject, it } from 'vitest';
import auth from '../../src/locales/zh/auth.json';
import common from '../../src/locales/zh/common.json';
import worlds from '../../src/locales/zh/worlds.json';
import { axe, formatViolations, setupBrowser } from './support/browser';
import {
  MARKS,
  background,
  endSessionAt,
  logInAgain,
  offer,
  openWorld,
  saveWorld,
  serverBackground,
  typeAtEnd,
  world,
} from './support/durable-text';
import { count } from './support/marks';
import { admin } from './support/mock-admin';

/**
 * The session ends while a world's background is being edited (src/lib/use-durable-text.ts):
 * the screen turns read-only at once, the text stays on view under the login dialog with a
 * banner saying why, the keyboard in the dialog (axe on the whole); after logging in the
 * keyboard is back in the field, typing goes on there and everything is saved. A login in another
 * tab releases the held one, whose save then goes through; a logout with unsaved text goes to
 * Novels at once, and the text is offered back after the next login. Counted in the field and on
 * the server (support/durable-text.ts): 0 lost.
 */
const { newPage } = setupBrowser();

describe('world background: nothing typed is lost', () => {
  it('the session ends mid-edit: the text stays, read-only, under the login dialog; log in, type on, save; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const [before, after] = [MARKS[4]!, MARKS[7]!];
    await typeAtEnd(page, background(page), before.repeat(120));

    // The server ends the session (its tokens expire, their refresh is refused); the save
    // meets it (or the page's own request did, a moment before).
    const { login } = await endSessionAt(
      page,
      page.getByRole('button', { name: worlds.editor.saveInfo, exact: true }),
    );
    // The screen turns read-only at once; the keyboard goes to the banner, not the page.
    await page.locator('.session-held').waitFor();
    expect(
      await page.evaluate(
        () => !!document.activeElement?.closest('.session-held, [role="dialog"]'),
      ),
    ).toBe(true);

    // Under the dialog (the page behind is inert, so found by its markup): the text on view,
    // read-only, and the banner saying why.
    const held = page.locator('.worlds-form textarea');
    expect(count(await held.inputValue(), before)).toBe(120);
    expect(await held.evaluate((el) => el.closest('.guarded-screen')?.hasAttribute('inert'))).toBe(
      true,
    );
    expect(await page.locator('.session-held').innerText()).toContain(common.auth.sessionHeldTitle);
    // The keyboard is in the dialog, never on the page.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
      true,
    );
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await login.getByRole('button', { name: auth.modes.email, exact: true }).click();
    await login.getByLabel(auth.email, { exact: true }).fill('author@inkworld.test');
    await login.getByLabel(auth.password, { exact: true }).fill('inkworld2026');
    await login.getByRole('button', { name: auth.submit, exact: true }).click();
    await login.waitFor({ state: 'detached' });

    // Live again: the banner gone, the keyboard back in the field, typing goes on there.
    await page.locator('.session-held').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(after.repeat(80));
    await saveWorld(page);
    await expect.poll(async () => count(await serverBackground(page), after)).toBe(80);
    const saved = await serverBackground(page);
    expect(count(saved, before)).toBe(120);
    expect(count(await background(page).inputValue(), before)).toBe(120);
    expect(count(await background(page).inputValue(), after)).toBe(80);
  });

  it('the session ends mid-edit in one tab; logging in in another releases it, and its save goes through; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[5]!;
    await typeAtEnd(page, background(page), mark.repeat(90));
    const save = page.getByRole('button', { name: worlds.editor.saveInfo, exact: true });
    const { login, pressed } = await endSessionAt(page, save);
    await page.locator('.session-held').waitFor();
    await admin(page, 'clearFaults');

    // A second tab of the same browser: signed out there too; its guarded screen opens the
    // login dialog by itself (a visitor, not a deliberate logout), and the user logs in there.
    const other = await page.context().newPage();
    await other.goto(`${inject('demoUrl')}/dashboard/novels`);
    await other
      .getByRole('heading', { name: common.auth.loginRequiredTitle, exact: true })
      .waitFor();
    const otherLogin = other.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
    await otherLogin.waitFor();
    await logInAgain(otherLogin);

    // The first tab is released without a key pressed there: its login dialog closes, the
    // screen is live again, and the save it held reaches the server with every character.
    await login.waitFor({ state: 'detached' });
    await page.locator('.session-held').waitFor({ state: 'detached' });
    if (!pressed) await save.click();
    await expect.poll(async () => count(await serverBackground(page), mark)).toBe(90);
    expect(await background(page).isEditable()).toBe(true);
    expect(count(await background(page).inputValue(), mark)).toBe(90);
  });

  it('a logout with unsaved text goes to Novels at once; after the next login the world offers it back; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[6]!;
    await typeAtEnd(page, background(page), mark.repeat(70));
    await page.getByRole('button', { name: new RegExp(common.auth.account) }).click();
    await page.getByRole('button', { name: common.auth.logout, exact: true }).click();
    // Spec 1 §2: a logout goes to Novels; the unsaved text does not hold it there.
    await page.waitForURL(/\/dashboard\/novels$/);
    await page
      .getByRole('heading', { name: common.auth.loginRequiredTitle, exact: true })
      .waitFor();
    await page.getByRole('button', { name: common.auth.login, exact: true }).last().click();
    await logInAgain(page.getByRole('dialog', { name: common.auth.loginTitle, exact: true }));
    // Signed in again: back to the world as the writer would go, through My worlds.
    await page.getByRole('button', { name: new RegExp(common.auth.account) }).waitFor();
    await page.getByRole('link', { name: common.nav.worlds, exact: true }).click();
    await page.getByRole('link', { name: world.title, exact: true }).first().click();
    await offer(page).waitFor();
    await page.keyboard.press('Enter');
    expect(count(await background(page).inputValue(), mark)).toBe(70);
  });
});
