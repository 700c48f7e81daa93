import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import writing from '../../../src/locales/zh/writing.json';
import seed from '../../../mocks/seed.gen.json';

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

/** Waits until the editor says everything is saved. */
export async function waitSaved(page: Page, timeout = 10_000) {
  await expect.poll(() => status(page).innerText(), { timeout }).toBe(writing.editor.status.saved);
}
