import { describe, expect, it } from 'vitest';
import writing from '../../src/locales/zh/writing.json';
import { setupBrowser } from './support/browser';
import { caretAtEnd, demoEditorUrl as editorUrl, status } from './support/chapter';
import { admin } from './support/mock-admin';
import { MARKS, draftDialog, lost, open, waitSaved } from './support/text-safety';

/**
 * No text lost in the chapter editor (issue 12) when the server is off: its clock 1.1 s ahead
 * (after quick saves, typing and a reload, the draft is still offered), a save refused with a 500
 * (the retry goes through). Each test counts a character typed in the editor and on the server
 * after the next good save (support/text-safety.ts). Every fault must lose 0.
 */
// Every page runs on Playwright's clock: the autosave delay and the server check are moved on,
// not waited out (time otherwise flows as usual).
const { newPage } = setupBrowser();

describe('no text lost in the chapter editor', () => {
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
});
