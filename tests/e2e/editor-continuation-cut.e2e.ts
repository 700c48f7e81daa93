import { describe, expect, it } from 'vitest';
import writing from '../../src/locales/zh/writing.json';
import { setupBrowser } from './support/browser';
import { admin } from './support/mock-admin';
import { body, caretAtEnd, waitSaved } from './support/chapter';
import { bodyText, chapterOpeners } from './support/editor';
import { fill } from './support/locale';

/**
 * The chapter editor in real Chromium against the built demo, an AI continuation cut mid-card
 * (the stream drops) while the writer types on: every one of the 80 characters typed stays, in
 * order, in the editor and on the server after the next save. The demo's backend answers at its
 * realistic pace here, so that the cut falls between the writer's keys.
 */
const { newPage } = setupBrowser();
const { openAtNewParagraph } = chapterOpeners(newPage);

describe('chapter editor', () => {
  it('a continuation cut mid-card while the writer types: all 80 characters typed stay, in the editor and on the server', async () => {
    // About latency: the card streams at the demo's pace (pieces 40 ms apart) so that the cut
    // falls while the writer types.
    const page = await openAtNewParagraph({ latency: true });
    await page.keyboard.type('开头。');
    await waitSaved(page);
    // The backend cuts the stream in the middle of the first card (the connection drops).
    await admin(page, 'applyScenarios', ['stream-drops']);

    // The longest continuation (its first card streams for about a second before the cut),
    // started from the caret; the writer types on at once, without clicking back into the
    // chapter (the button they pressed is gone while the stream runs).
    await page.locator('.ai-panel select').first().selectOption('500');
    await caretAtEnd(page);
    await page
      .getByRole('button', { name: fill(writing.ai.continue, { cost: 500 }), exact: true })
      .click();
    const streaming = page.locator('.ai-panel__stream');
    await streaming.waitFor();
    const failed = page.getByRole('alert').filter({ hasText: writing.ai.errors.failed });
    const typed =
      'The rain kept on falling over the old harbour and nobody came down to the boats.';
    expect(typed).toHaveLength(80);
    let atCut = -1;
    for (const [i, ch] of [...typed].entries()) {
      if (i === 0) expect(await streaming.isVisible()).toBe(true);
      await page.keyboard.type(ch);
      // A writer's pace (80 keys over 2.4 s or more): the cut, about a second in, falls
      // between the keys.
      await page.waitForTimeout(30);
      if (atCut < 0 && (await failed.isVisible())) atCut = i;
    }
    // The cut fell while the writer was typing, not before the first key or after the last.
    expect(atCut).toBeGreaterThan(0);
    expect(atCut).toBeLessThan(typed.length - 1);

    // Every character is in the editor, in order, right after what was there.
    await expect.poll(() => bodyText(page)).toContain(`开头。${typed}`);
    // And on the server after the next save: a reload shows the server copy.
    await waitSaved(page);
    await admin(page, 'clearFaults');
    await page.reload();
    await body(page).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => bodyText(page)).toContain(`开头。${typed}`);
  });
});
