import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import writing from '../../src/locales/zh/writing.json';
import auth from '../../src/locales/zh/auth.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';
import {
  AUTOSAVE_DELAY_MS,
  WATCH_INTERVAL_MS,
} from '../../src/features/writing/editor/model/save-timing';
import { admin } from './support/mock-admin';
import {
  untilShownBySave,
  body,
  caretAtEnd,
  chapter,
  status,
  waitSaved as waitChapterSaved,
  editorUrl as chapterUrl,
} from './support/chapter';

/**
 * No text lost in the chapter editor (issue 12): each test types a counted number of a
 * character found nowhere else, applies a fault, and counts that character in the editor and
 * in the server's copy after the next good save. Every fault must lose 0.
 *
 * "Another device" is a save straight to the backend with the same account (the demo's
 * backend is this browser's service worker, so the other device's request is made from the
 * page, outside the app): the server copy moves on while the editor has it open.
 */
const demo = inject('demoUrl');
// Every page runs on Playwright's clock: the autosave delay and the server check are moved on,
// not waited out (time otherwise flows as usual).
const { newPage } = setupBrowser();

const editorUrl = (scenario?: string) => chapterUrl(demo, scenario);

const draftDialog = (page: Page) =>
  page.getByRole('dialog', { name: writing.editor.draft.title, exact: true });
const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: writing.editor.conflict.title, exact: true });

/** How many times `ch` occurs in `text`. */
const count = (text: string, ch: string) => text.split(ch).length - 1;

/** Characters of CJK Extension A: in no seeded text, no string of the app. */
const MARKS = ['㐀', '㐁', '㐂', '㐃', '㐄', '㐅', '㐆', '㐇', '㐈', '㐉', '㐊', '㐋', '㐌', '㐍'];

async function open(page: Page, scenario = 'signed-in') {
  page.on('dialog', (d) => void d.accept());
  await page.goto(editorUrl(scenario));
  await body(page).waitFor();
}

const waitSaved = (page: Page, timeout = 15_000) => waitChapterSaved(page, timeout);

/** The chapter as the server holds it, read with the page's session (like the app does). */
function serverChapter(page: Page) {
  return page.evaluate(async (cid) => {
    const saved = JSON.parse(localStorage.getItem('pro_session')!) as {
      value: { uid: string; accessToken: string };
    };
    const response = await fetch(`/api/v1/chapters/${cid}/content`, {
      headers: { Authorization: `Bearer ${saved.value.accessToken}`, uid: saved.value.uid },
    });
    return (await response.json()) as { name: string; content: string; updated_at: number };
  }, chapter.id);
}

/** Another device appends a paragraph and saves it, from the server's latest version. */
function otherDeviceSaves(page: Page, paragraph: string) {
  return page.evaluate(
    async ({ cid, paragraph }) => {
      const saved = JSON.parse(localStorage.getItem('pro_session')!) as {
        value: { uid: string; accessToken: string };
      };
      const headers = {
        Authorization: `Bearer ${saved.value.accessToken}`,
        uid: saved.value.uid,
        'Content-Type': 'application/json',
      };
      const url = `/api/v1/chapters/${cid}/content`;
      const now = (await (await fetch(url, { headers })).json()) as {
        name: string;
        content: string;
        updated_at: number;
      };
      const put = await fetch(url, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          name: now.name,
          content: `${now.content}\n${paragraph}`,
          base_updated_at: now.updated_at,
        }),
      });
      if (!put.ok) throw new Error(`the other device's save failed: ${put.status}`);
    },
    { cid: chapter.id, paragraph },
  );
}

/** Characters lost: typed minus found (in the editor, on the server). */
async function lost(page: Page, mark: string, typed: number) {
  const editor = count(await body(page).innerText(), mark);
  const server = count((await serverChapter(page)).content, mark);
  return { editor: typed - editor, server: typed - server };
}

describe('no text lost in the chapter editor', () => {
  it('reload while typing, then keep typing into the restore dialog (space included): 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    // Saves fail meanwhile, so that the local draft is all there is of the text (otherwise
    // the save the page makes as it goes may already hold it, and no dialog is needed).
    await admin(page, 'applyScenarios', ['save-fails']);
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    const [mark, after] = [MARKS[0]!, MARKS[1]!];
    await page.keyboard.type(mark.repeat(200));
    // Reload mid-typing (the autosave 1.5 s after the last key has not run); saves work again.
    await page.goto(editorUrl(''));
    // The writer keeps typing as the page comes back: the keys land on the dialog's focused
    // button, a space among them. It must be the safe one.
    await draftDialog(page).waitFor();
    await page.keyboard.type('ab cd');
    await expect.poll(() => draftDialog(page).count()).toBe(0);
    await caretAtEnd(page);
    await page.keyboard.type(after.repeat(50));
    await waitSaved(page);
    expect(await lost(page, mark, 200)).toEqual({ editor: 0, server: 0 });
    expect(await lost(page, after, 50)).toEqual({ editor: 0, server: 0 });
  });

  it('reload right after the last key: 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await caretAtEnd(page);
    const mark = MARKS[2]!;
    await page.keyboard.type(mark.repeat(60));
    await page.reload();
    // The page's last save (on blur, as it unloads) may have reached the server; if not, the
    // draft written with the last key is offered.
    await body(page).or(draftDialog(page)).first().waitFor();
    if (await draftDialog(page).isVisible()) await page.keyboard.press('Enter');
    await waitSaved(page);
    expect(await lost(page, mark, 60)).toEqual({ editor: 0, server: 0 });
  });

  it('renderer crash right after the last key (no beforeunload, no pagehide): 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await caretAtEnd(page);
    const mark = MARKS[3]!;
    await page.keyboard.type(mark.repeat(60));
    // The crash is the fault under test here, not a failure of the page.
    page.removeAllListeners('crash');
    const cdp = await page.context().newCDPSession(page);
    // The command never answers (its renderer is gone): the crash event is the answer.
    const crashed = new Promise((done) => page.once('crash', done));
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    const again = await page.context().newPage();
    again.on('dialog', (d) => void d.accept());
    await again.goto(editorUrl(''));
    await draftDialog(again).waitFor();
    await again.keyboard.press('Space');
    await waitSaved(again);
    expect(await lost(again, mark, 60)).toEqual({ editor: 0, server: 0 });
  });

  it('another device saves while the editor is open with nothing unsaved: it shows their text; 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    const [theirs, mine] = [MARKS[4]!, MARKS[5]!];
    await otherDeviceSaves(page, theirs.repeat(150));
    // The open editor notices at its next check, with no dialog: nothing here to lose.
    await page.clock.fastForward(WATCH_INTERVAL_MS);
    await expect
      .poll(async () => count(await body(page).innerText(), theirs), { timeout: 15_000 })
      .toBe(150);
    expect(await conflictDialog(page).count()).toBe(0);
    await caretAtEnd(page);
    await page.keyboard.type(mine.repeat(150));
    await waitSaved(page);
    expect(await conflictDialog(page).count()).toBe(0);
    expect(await lost(page, theirs, 150)).toEqual({ editor: 0, server: 0 });
    expect(await lost(page, mine, 150)).toEqual({ editor: 0, server: 0 });
  });

  it('another device saves while the writer types on: told beside the text, keys kept, space keeps both; 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    const [mine, theirs] = [MARKS[6]!, MARKS[7]!];
    // The other device saves in the middle of the writer's typing (before any autosave).
    await page.keyboard.type(mine.repeat(75));
    await otherDeviceSaves(page, theirs.repeat(150));
    await page.keyboard.type(mine.repeat(75));
    // The autosave meets the other save: a notice beside the text, the keyboard stays there,
    // and the writer, typing on, loses nothing (a dialog here took the keys typed after it).
    const notice = page.getByRole('group', { name: writing.editor.conflict.notice, exact: true });
    await untilShownBySave(page, notice);
    await page.keyboard.type(mine.repeat(50));
    expect(count(await body(page).innerText(), mine)).toBe(200);
    await notice.getByRole('button', { name: common.conflict.compare, exact: true }).click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();
    // Both versions are on screen, side by side.
    expect(count(await dialog.innerText(), mine)).toBe(200);
    expect(count(await dialog.innerText(), theirs)).toBe(150);
    await screenshot(page, 'editor-conflict');
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.keyboard.press('Space');
    await waitSaved(page);
    expect(await lost(page, mine, 200)).toEqual({ editor: 0, server: 0 });
    expect(await lost(page, theirs, 150)).toEqual({ editor: 0, server: 0 });
  });

  it('an offline draft against another device’s save: both kept; 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('在线时写下');
    await waitSaved(page);
    const [mine, theirs] = [MARKS[8]!, MARKS[9]!];
    await admin(page, 'applyScenarios', ['network-down']);
    await page.context().setOffline(true);
    await page.keyboard.type(mine.repeat(100));
    await expect
      .poll(() => status(page).innerText(), { timeout: 10_000 })
      .not.toBe(writing.editor.status.unsaved);
    // Reopened while still offline: the editor works on the draft.
    await page.context().setOffline(false);
    await page.goto(editorUrl('network-down'));
    await page.getByText(writing.editor.offlineDraft, { exact: true }).waitFor();
    // Meanwhile another device saves; then the network comes back.
    await admin(page, 'clearFaults');
    await otherDeviceSaves(page, theirs.repeat(100));
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const notice = page.getByRole('group', { name: writing.editor.conflict.notice, exact: true });
    await untilShownBySave(page, notice, 20_000);
    await notice.getByRole('button', { name: common.conflict.compare, exact: true }).click();
    const dialog = conflictDialog(page);
    await dialog.getByRole('button', { name: common.conflict.keepBoth, exact: true }).click();
    await waitSaved(page);
    expect(await lost(page, mine, 100)).toEqual({ editor: 0, server: 0 });
    expect(await lost(page, theirs, 100)).toEqual({ editor: 0, server: 0 });
  });

  it('the server’s clock 1.1 s ahead: after quick saves, typing and a reload, the draft is offered; 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await admin(page, 'moveClock', 1100);
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    for (const word of ['一', '二', '三']) {
      await page.keyboard.type(word);
      await page.keyboard.press('Control+S');
      await waitSaved(page);
    }
    // The last text reaches only the local draft (saves fail until the reload).
    await admin(page, 'applyScenarios', ['save-fails']);
    const mark = MARKS[10]!;
    await page.keyboard.type(mark.repeat(40));
    await page.goto(editorUrl(''));
    // Offered for restoring (its base is the server's current version), not judged older.
    await draftDialog(page).waitFor();
    await page.keyboard.press('Space');
    await waitSaved(page);
    expect(await lost(page, mark, 40)).toEqual({ editor: 0, server: 0 });
  });

  it('a failed save (server 500) and then a good one: 0 lost', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    await admin(page, 'applyScenarios', ['save-fails']);
    await caretAtEnd(page);
    const mark = MARKS[11]!;
    await page.keyboard.type(mark.repeat(100));
    await expect
      .poll(() => status(page).innerText(), { timeout: 10_000 })
      .toContain(writing.editor.status.failed.split('{{')[0]!);
    await admin(page, 'clearFaults');
    // The retry (3 s after the failure) goes through.
    await waitSaved(page, 20_000);
    expect(await lost(page, mark, 100)).toEqual({ editor: 0, server: 0 });
  });

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
