import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import errors from '../src/locales/zh/errors.json';
import stories from '../src/locales/zh/stories.json';
import seed from '../src/mocks/seed.gen.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';

/**
 * The chapter editor in real Chromium against the built demo (mock backend on), signed in as
 * the seeded author: typing and autosave, AI continuation with undo/redo/regenerate and card
 * insertion, the lab with its diff, and saves failing while typing, then reloads: nothing
 * typed is lost (the local draft is offered and restored).
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

const story = seed.stories.find((s) => s.uid === 'u_author' && s.universe_id && !s.deleted_at)!;
const chapter = seed.chapters.find((c) => c.story_id === story.id)!;
const editorUrl = (scenario?: string) =>
  `${demo}/editor?nid=${story.id}&cid=${chapter.id}` +
  (scenario === undefined ? '' : `&scenario=${scenario}`);

const body = (page: Page) => page.getByRole('textbox', { name: stories.editor.body, exact: true });
const status = (page: Page) => page.getByRole('toolbar').getByRole('status');
const bodyText = (page: Page) => body(page).innerText();

/** Puts the caret at the very end of the chapter body. */
async function caretAtEnd(page: Page) {
  await body(page).locator('p').last().click();
  await page.keyboard.press('Control+End');
}

async function waitSaved(page: Page) {
  await expect
    .poll(() => status(page).innerText(), { timeout: 10_000 })
    .toBe(stories.editor.status.saved);
}

describe('chapter editor', () => {
  it('write, continue (undo, redo, regenerate), insert a card, use the lab', async () => {
    const page = await newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(editorUrl('signed-in'));
    await body(page).waitFor();
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Write at the end: autosaved after typing stops.
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('雨停了，她推开窗。');
    await expect.poll(() => bodyText(page)).toContain('雨停了，她推开窗。');
    await waitSaved(page);

    // Continue: three cards stream in; regenerate keeps the first ones as history.
    await page
      .getByRole('button', { name: fill(stories.ai.continue, { cost: 100 }), exact: true })
      .click();
    const cards = page.getByRole('group', { name: stories.ai.cards, exact: true });
    await cards.waitFor({ timeout: 15_000 });
    await cards.getByText(fill(stories.ai.cardOf, { index: 1, total: 3 })).waitFor();
    await cards.getByRole('button', { name: stories.ai.next, exact: true }).click();
    await cards.getByText(fill(stories.ai.cardOf, { index: 2, total: 3 })).waitFor();
    await cards
      .getByRole('button', { name: fill(stories.ai.regenerate, { cost: 100 }), exact: true })
      .click();
    await page.getByText(stories.ai.history, { exact: true }).waitFor({ timeout: 15_000 });
    await cards.waitFor();

    // Insert the current card at the caret; undo takes it back, redo puts it back.
    const card = (await cards.locator('.ai-card').innerText()).trim();
    expect(card.length).toBeGreaterThan(20);
    await caretAtEnd(page);
    await cards.getByRole('button', { name: stories.ai.insert, exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain(card);
    await page.getByRole('button', { name: stories.ai.undo, exact: true }).click();
    await expect.poll(() => bodyText(page)).not.toContain(card);
    await page.getByRole('button', { name: stories.ai.redo, exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain(card);
    await waitSaved(page);

    // Lab: select the paragraph typed above, rewrite it, accept the diff.
    await body(page).getByText('雨停了，她推开窗。').click({ clickCount: 3 });
    await page.getByLabel(stories.lab.actions.rewrite, { exact: true }).check();
    await page.getByRole('button', { name: /免费试用/ }).click();
    const result = page.getByRole('group', { name: stories.lab.result, exact: true });
    await result.waitFor({ timeout: 15_000 });
    await screenshot(page, 'editor-lab-diff');
    await result.getByRole('button', { name: stories.lab.accept, exact: true }).click();
    await page.locator('.toast').filter({ hasText: stories.lab.accepted }).waitFor();
    await waitSaved(page);
  });

  it('saves failing mid-typing, then reloads: the text is intact', async () => {
    const page = await newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(editorUrl('signed-in'));
    await body(page).waitFor();

    // Saving starts failing (the save-fails fault is remembered across reloads).
    await page.goto(editorUrl('save-fails'));
    await body(page).waitFor();
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    const typed = `离线时写下的句子 ${Date.now() % 100000}`;
    await page.keyboard.type(typed);
    await expect
      .poll(() => status(page).innerText(), { timeout: 10_000 })
      .toContain(errors.network);

    // A reload while saves still fail: the newer local draft is offered and restored.
    await page.reload();
    const draft = page.getByRole('dialog', { name: stories.editor.draft.title, exact: true });
    await draft.waitFor();
    await draft.getByRole('button', { name: stories.editor.draft.restore, exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain(typed);

    // Back online (fault cleared): the restored text reaches the server, and survives a reload.
    await page.goto(editorUrl(''));
    await draft.waitFor();
    await draft.getByRole('button', { name: stories.editor.draft.restore, exact: true }).click();
    await waitSaved(page);
    await page.reload();
    await body(page).waitFor();
    expect(await draft.count()).toBe(0);
    expect(await bodyText(page)).toContain(typed);
  });
});
