import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import writing from '../../../src/locales/zh/writing.json';
import seed from '../../../mocks/seed.gen.json';
import { AUTOSAVE_DELAY_MS } from '../../../src/features/writing/editor/model/save-timing';
import { hasClock } from './browser';

/** The seeded author's first chapter of a story bound to a world (its glossary is painted). */
export const story = seed.stories.find(
  (s) => s.uid === 'u_author' && s.universe_id && !s.deleted_at,
)!;
export const chapter = seed.chapters.find((c) => c.story_id === story.id)!;

/** That chapter's editor, as a path of the app. */
export const editorPath = `/editor?nid=${story.id}&cid=${chapter.id}`;

/** That chapter in the editor of the demo at `demo`, optionally with `?scenario=`. */
export const editorUrl = (demo: string, scenario?: string) =>
  `${demo}${editorPath}` + (scenario === undefined ? '' : `&scenario=${scenario}`);

/** `editorUrl` in the demo this run serves (global-setup's `demoUrl`). */
export const demoEditorUrl = (scenario?: string) => editorUrl(inject('demoUrl'), scenario);

/** The chapter body, and the editor's save status (zh). */
export const body = (page: Page) =>
  page.getByRole('textbox', { name: writing.editor.body, exact: true });
export const status = (page: Page) => page.getByRole('toolbar').getByRole('status');

/** The chapter as the server holds it, read with the page's session (like the app does). */
export function serverChapter(page: Page) {
  return page.evaluate(async (cid) => {
    const saved = JSON.parse(localStorage.getItem('pro_session')!) as {
      value: { uid: string; accessToken: string };
    };
    const response = await fetch(`/api/v1/chapters/${cid}/content`, {
      // The headers every call of the app carries (the contract requires them).
      headers: {
        lang: 'zh',
        ostype: 'web',
        Authorization: `Bearer ${saved.value.accessToken}`,
        uid: saved.value.uid,
      },
    });
    return (await response.json()) as { name: string; content: string; updated_at: number };
  }, chapter.id);
}

/** Puts the caret at the very end of the chapter body. */
export async function caretAtEnd(page: Page) {
  await body(page).locator('p').last().click();
  await page.keyboard.press('Control+End');
}

/** Types `text` in a new paragraph at the very end of the chapter body. */
export async function typeAtEnd(page: Page, text: string) {
  await caretAtEnd(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
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
