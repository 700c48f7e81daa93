import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { body, caretAtEnd, demoEditorUrl as editorUrl } from './support/chapter';
import { admin } from './support/mock-admin';
import { MARKS, draftDialog, lost, open, waitSaved } from './support/text-safety';

/**
 * No text lost in the chapter editor (issue 12) when the page goes away: a reload while typing
 * (the writer types on into the restore dialog, a space among the keys), a reload right after
 * the last key, a renderer crash right after the last key (no beforeunload, no pagehide). Each
 * test counts a character typed in the editor and on the server after the next good save
 * (support/text-safety.ts). Every fault must lose 0.
 */
// Every page runs on Playwright's clock: the autosave delay and the server check are moved on,
// not waited out (time otherwise flows as usual).
const { newPage } = setupBrowser();

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
});
