import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lateEffects, setupBrowser } from './support/browser';
import { body, caretAtEnd } from './support/chapter';
import { admin } from './support/mock-admin';
import { MARKS, conflictDialog, draftDialog, lost, open, waitSaved } from './support/text-safety';

/**
 * A saved chapter opens as saved after a reload (issue 23): the local draft's bulk copy
 * (IndexedDB) is written a moment after the keys and deleted when the server has the text,
 * but the browser commits both later than the page's own task; a page that goes away first
 * (a reload under load) leaves a copy of text the server has long moved past. It must never
 * come back as a conflict between the writer's saved text and an older local copy.
 */
const { newPage } = setupBrowser();

describe('no stale local copy after a save', () => {
  it('reload right after a save, before the browser dropped the bulk copy: no stale copy offered', async () => {
    const page = await newPage({ clock: true });
    await open(page);
    // Saves fail at first, so that the bulk copy (IndexedDB) of the first keys is written.
    await admin(page, 'applyScenarios', ['save-fails']);
    await caretAtEnd(page);
    const [first, then] = [MARKS[4]!, MARKS[5]!];
    await page.keyboard.type(first.repeat(30));
    await expect
      .poll(async () => {
        await page.clock.fastForward(500);
        return bulkCopies(page);
      })
      .toContain(30);
    // From now on this page's IndexedDB writes never commit (the browser is busy and the page
    // goes away before they do): the bulk copy of the first 30 outlives the save.
    await page.evaluate(() => {
      // A request whose answer never comes: the transaction holds nothing that commits.
      const never = <T>() => ({}) as IDBRequest<T>;
      IDBObjectStore.prototype.put = () => never<IDBValidKey>();
      IDBObjectStore.prototype.delete = () => never<undefined>();
    });
    await admin(page, 'clearFaults');
    await page.keyboard.type(then.repeat(20));
    await waitSaved(page);
    await page.reload();
    await body(page).waitFor();
    await lateEffects(page, 1000);
    // The saved text opens as it is: the stale copy is neither offered nor set against it.
    expect(await draftDialog(page).count()).toBe(0);
    expect(await conflictDialog(page).count()).toBe(0);
    expect(await lost(page, first, 30)).toEqual({ editor: 0, server: 0 });
    expect(await lost(page, then, 20)).toEqual({ editor: 0, server: 0 });
    // And the copy is gone for good once a page has looked, with the mark that covered it.
    await expect.poll(() => bulkCopies(page)).toEqual([]);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('#gone'))),
    ).toEqual([]);
  });
});

/** How many of `MARKS[4]` each draft in the page's IndexedDB holds. */
function bulkCopies(page: Page) {
  return page.evaluate(
    (mark) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('pro_drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('drafts').objectStore('drafts').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve(
              (all.result as { content: string }[]).map((d) => d.content.split(mark).length - 1),
            );
          };
        };
      }),
    MARKS[4]!,
  );
}
