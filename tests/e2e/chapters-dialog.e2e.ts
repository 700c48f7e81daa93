import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import writing from '../../src/locales/zh/writing.json';
import seed from '../../mocks/seed.gen.json';
import { setupBrowser } from './support/browser';
import { body, caretAtEnd, chapter, editorUrl, story } from './support/chapter';

/**
 * The editor's chapters dialog in real Chromium against the built demo: text typed just
 * before a jump to another chapter is still there, every character, when the writer comes
 * back (the jump saves first).
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const other = seed.chapters.find((c) => c.story_id === story.id && c.id !== chapter.id)!;
const charCount = (count: number) =>
  writing.editor.charCount.replace('{{count}}', String(count)).replace('{{limit}}', '20000');
const title = (page: Page) => page.getByLabel(writing.editor.chapterTitle, { exact: true });

async function jumpTo(page: Page, name: string) {
  await page.getByRole('button', { name: writing.editor.chapters.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: writing.editor.chapters.title });
  const list = dialog.getByRole('list', { name: writing.editor.chapters.list });
  await list.waitFor();
  // The jump button's name is the chapter's place then its name.
  await list.getByRole('button', { name: new RegExp(`^\\d+\\s*${name}`) }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('chapters dialog', () => {
  it('jumping away right after typing and back keeps every character', async () => {
    const page = await newPage();
    await page.goto(editorUrl(demo, 'signed-in'));
    await body(page).waitFor();
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    const typed = '山雨欲来风满楼，一行人连夜赶路，直到天明才看见城门。';
    await page.keyboard.type(typed);
    // The saved body: the seeded text, a new paragraph, and what was typed.
    const expected = chapter.content.length + 1 + typed.length;
    await page.getByText(charCount(expected), { exact: true }).waitFor();

    // Straight to another chapter, without waiting for the autosave.
    await jumpTo(page, other.name);
    await expect.poll(() => title(page).inputValue()).toBe(other.name);
    expect(new URL(page.url()).searchParams.get('cid')).toBe(other.id);

    await jumpTo(page, chapter.name);
    await expect.poll(() => title(page).inputValue()).toBe(chapter.name);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByText(charCount(expected), { exact: true }).waitFor();
    expect(await body(page).innerText()).toContain(typed);
  });
});
