import { describe, expect, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import worlds from '../../src/locales/zh/worlds.json';
import { axe, formatViolations, setupBrowser } from './support/browser';
import {
  MARKS,
  background,
  crash,
  offer,
  openWorld,
  saveWorld,
  serverBackground,
  typeAtEnd,
} from './support/durable-text';
import { count } from './support/marks';

/**
 * The world background keeps what was typed without saving (src/lib/use-durable-text.ts): after
 * a reload it is offered back with 恢复 focused (axe on the offer), after a renderer crash right
 * after the last key it is offered in a new tab; restored, saved, and counted in the field and on
 * the server (support/durable-text.ts). Every fault must lose 0.
 */
const { newPage } = setupBrowser();

describe('world background: nothing typed is lost', () => {
  it('reload without saving: the text is offered back, restore focused; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[0]!;
    await typeAtEnd(page, background(page), mark.repeat(150));
    await page.reload();
    await offer(page).waitFor();
    // The offer has the focus on 恢复: Enter takes the text back.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(common.draft.restore);
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(count(await background(page).inputValue(), mark)).toBe(150);
    // Focus went to the form, not to the page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await saveWorld(page);
    expect(count(await serverBackground(page), mark)).toBe(150);
    // Saved: nothing is offered any more.
    await page.reload();
    await background(page).waitFor();
    await page.getByRole('heading', { level: 2, name: worlds.editor.info }).waitFor();
    expect(await offer(page).count()).toBe(0);
  });

  it('renderer crash right after the last key: offered in a new tab; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[1]!;
    await typeAtEnd(page, background(page), mark.repeat(150));
    await crash(page);
    const again = await page.context().newPage();
    await openWorld(again);
    await offer(again).waitFor();
    await again.keyboard.press('Enter');
    expect(count(await background(again).inputValue(), mark)).toBe(150);
    await saveWorld(again);
    expect(count(await serverBackground(again), mark)).toBe(150);
  });
});
