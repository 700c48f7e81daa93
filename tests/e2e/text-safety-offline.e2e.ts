import { describe, expect, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import writing from '../../src/locales/zh/writing.json';
import { setupBrowser } from './support/browser';
import { admin } from './support/mock-admin';
import {
  untilShownBySave,
  caretAtEnd,
  status,
  demoEditorUrl as editorUrl,
} from './support/chapter';
import {
  MARKS,
  conflictDialog,
  lost,
  open,
  otherDeviceSaves,
  waitSaved,
} from './support/text-safety';

/**
 * No text lost in the chapter editor (issue 12) offline: the network goes while the writer
 * types, the editor reopened offline works on the local draft, another device saves meanwhile,
 * and when the network comes back the comparison keeps both. Counted in the editor and on the
 * server after the next good save (support/text-safety.ts): 0 lost.
 *
 * "Another device" is a save straight to the backend with the same account, made from the page
 * outside the app (support/text-safety.ts).
 */
// Every page runs on Playwright's clock: the autosave delay and the server check are moved on,
// not waited out (time otherwise flows as usual).
const { newPage } = setupBrowser();

describe('no text lost in the chapter editor', () => {
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
});
