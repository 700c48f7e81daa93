import { describe, expect, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import auth from '../../src/locales/zh/auth.json';
import { setupBrowser } from './support/browser';
import { AUTOSAVE_DELAY_MS } from '../../src/features/writing/editor/model/save-timing';
import { admin } from './support/mock-admin';
import { caretAtEnd } from './support/chapter';
import { count } from './support/marks';
import { MARKS, lost, open, waitSaved } from './support/text-safety';

/**
 * No text lost in the chapter editor (issue 12) when the session does: an access token that
 * expires while the writer types is refreshed and the text saved; a session that ends (its
 * refresh refused) leaves the text on view, read-only, under the login dialog, and saved after
 * logging in. Each test counts a character typed in the editor and on the server after the next
 * good save (support/text-safety.ts). Every fault must lose 0.
 */
// Every page runs on Playwright's clock: the autosave delay and the server check are moved on,
// not waited out (time otherwise flows as usual).
const { newPage } = setupBrowser();

describe('no text lost in the chapter editor', () => {
  it('the access token expires while typing: refreshed, saved; 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await caretAtEnd(page);
    const mark = MARKS[12]!;
    await page.keyboard.type(mark.repeat(50));
    await admin(page, 'applyScenarios', ['token-expired']);
    await page.keyboard.type(mark.repeat(50));
    await waitSaved(page);
    expect(await page.getByRole('dialog', { name: common.auth.loginTitle }).count()).toBe(0);
    expect(await lost(page, mark, 100)).toEqual({ editor: 0, server: 0 });
  });

  it('the session ends while typing (its refresh refused): read-only under the login; log in, saved; 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await caretAtEnd(page);
    const mark = MARKS[13]!;
    await page.keyboard.type(mark.repeat(100));
    // The server ends the session; the autosave meets it while the writer types on.
    await admin(page, 'applyScenarios', ['token-expired', 'refresh-fails']);
    await page.clock.fastForward(AUTOSAVE_DELAY_MS);
    await page.keyboard.type(mark.repeat(100));
    await page.locator('.session-held').waitFor();
    const login = page.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
    await login.waitFor();
    // Under the dialog (the page behind is inert, so found by its markup), every key that
    // reached the editor before it turned read-only is on view.
    const held = page.locator('[data-slate-editor]');
    const shown = count(await held.innerText(), mark);
    expect(shown).toBeGreaterThanOrEqual(100);

    await login.getByRole('button', { name: auth.modes.email, exact: true }).click();
    await login.getByLabel(auth.email, { exact: true }).fill('author@inkworld.test');
    await login.getByLabel(auth.password, { exact: true }).fill('inkworld2026');
    await login.getByRole('button', { name: auth.submit, exact: true }).click();
    await login.waitFor({ state: 'detached' });
    await page.locator('.session-held').waitFor({ state: 'detached' });
    await waitSaved(page);
    expect(await lost(page, mark, shown)).toEqual({ editor: 0, server: 0 });
  });
});
