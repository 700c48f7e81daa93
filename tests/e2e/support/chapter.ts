import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import writing from '../../../src/locales/zh/writing.json';
import seed from '../../../mocks/seed.gen.json';
import { AUTOSAVE_DELAY_MS } from '../../../src/features/writing/editor/model/save-timing';
import { hasClock } from './browser';

/** The seeded author's first chapter of a story bound to a world (its glossary is painted). */
export const story = seed.stories.find(
  (s) => s.uid === 'u_author' && s.universe_id && !s.deleted_at,
)!;
export const chapter = seed.chapters.find((c) => c.story_id === story.id)!;

/** That chapter in the editor of the demo at `demo`, optionally with `?scenario=`. */
export const editorUrl = (demo: string, scenario?: string) =>
  `${demo}/editor?nid=${story.id}&cid=${chapter.id}` +
  (scenario === undefined ? '' : `&scenario=${scenario}`);

/** The chapter body, and the editor's save status (zh). */
export const body = (page: Page) =>
  page.getByRole('textbox', { name: writing.editor.body, exact: true });
export const status = (page: Page) => page.getByRole('toolbar').getByRole('status');

/** Puts the caret at the very end of the chapter body. */
export async function caretAtEnd(page: Page) {
  await body(page).locator('p').last().click();
  await page.keyboard.press('Control+End');
}

/**
 * Polls `look` until it answers true. On a page with Playwright's clock the autosave delay
 * (and a retry's) is not waited out: each look that answers otherwise moves the page's clock
 * on by that delay, so the save starts at once (its request still takes real time).
 */
async function lookWhileSaving(
  page: Page,
  look: () => Promise<true | string>,
  { timeout = 10_000, message = '' } = {},
) {
  const clocked = hasClock(page);
  await expect
    .poll(
      async () => {
        const seen = await look();
        if (seen !== true && clocked) await page.clock.fastForward(AUTOSAVE_DELAY_MS);
        return seen;
      },
      { timeout, message },
    )
    .toBe(true);
}

/** Waits until the editor's save status passes `check`. */
export const untilStatus = (page: Page, check: (status: string) => boolean, timeout = 10_000) =>
  lookWhileSaving(
    page,
    async () => {
      const now = await status(page).innerText();
      return check(now) || now;
    },
    { timeout, message: "the editor's save status" },
  );

/** Waits until a save shows `what` (the conflict dialog, say). */
export const untilShownBySave = (page: Page, what: Locator, timeout = 10_000) =>
  lookWhileSaving(page, async () => (await what.isVisible()) || 'not shown', {
    timeout,
    message: `${what} is shown`,
  });

/** Waits until the editor says everything is saved. */
export const waitSaved = (page: Page, timeout = 10_000) =>
  untilStatus(page, (now) => now === writing.editor.status.saved, timeout);
