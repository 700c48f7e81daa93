import { describe, expect, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import writing from '../../src/locales/zh/writing.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';
import { WATCH_INTERVAL_MS } from '../../src/features/writing/editor/model/save-timing';
import { untilShownBySave, body, caretAtEnd } from './support/chapter';
import { count } from './support/marks';
import {
  MARKS,
  conflictDialog,
  lost,
  open,
  otherDeviceSaves,
  waitSaved,
} from './support/text-safety';

/**
 * No text lost in the chapter editor (issue 12) when another device saves the chapter: with
 * nothing unsaved here the editor shows their text at its next check, with no dialog; while the
 * writer types on, a notice beside the text keeps the keys, and the comparison (axe, a
 * screenshot) keeps both with a space. Each test counts the characters of both sides in the
 * editor and on the server after the next good save (support/text-safety.ts). Every fault must
 * lose 0.
 *
 * "Another device" is a save straight to the backend with the same account (the demo's
 * backend is this browser's service worker, so the other device's request is made from the
 * page, outside the app): the server copy moves on while the editor has it open.
 */
// Every page runs on Playwright's clock: the autosave delay and the server check are moved on,
// not waited out (time otherwise flows as usual).
const { newPage } = setupBrowser();

describe('no text lost in the chapter editor', () => {
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
});
