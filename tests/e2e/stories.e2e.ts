import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import stories from '../../src/locales/zh/stories.json';
import writing from '../../src/locales/zh/writing.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';
import { createStory, myStories } from './support/stories';

/**
 * My stories in real Chromium against the built demo (mock backend on), signed in as the
 * seeded author: create a story, add a chapter, publishing refused while empty, written in the
 * editor and then published, a seeded chapter published, delete into
 * the recycle bin and recover, and export a Markdown file.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
const chapterList = (page: Page) =>
  page.getByRole('list', { name: stories.chapters.heading, exact: true });

describe('my stories', () => {
  it('create, add a chapter, publish refused then allowed, recycle and recover, export .md', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await myStories(page).waitFor();
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Create a story and open it.
    const title = `雪夜行 ${Date.now() % 10000}`;
    await createStory(page, title);
    await myStories(page).getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();

    // Add a chapter: it is empty, so publishing is refused.
    await page.getByRole('button', { name: stories.chapters.add, exact: true }).click();
    const addDialog = page.getByRole('dialog', { name: stories.chapters.addHeading, exact: true });
    const nameField = addDialog.getByLabel(stories.chapters.nameLabel, { exact: true });
    await nameField.fill('第一章 初雪');
    await addDialog.getByRole('button', { name: stories.chapters.add, exact: true }).click();
    await chapterList(page).getByRole('link', { name: '第一章 初雪', exact: true }).waitFor();
    await page
      .getByRole('button', { name: fill(stories.chapters.publishOf, { name: '第一章 初雪' }) })
      .click();
    await toast(page, stories.list.errors.bodyEmpty).waitFor();
    expect(await chapterList(page).getByText(stories.chapters.draft).count()).toBe(1);

    // The chapter link opens the editor with the story and chapter in the query.
    const href = await chapterList(page)
      .getByRole('link', { name: '第一章 初雪', exact: true })
      .getAttribute('href');
    expect(href).toMatch(/^\/editor\?nid=n_[a-z0-9]+&cid=c_[a-z0-9]+$/);

    // Export the whole story as Markdown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: fill(stories.export.md, { what: title }), exact: true })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title}.md`);
    const md = await readFile((await download.path())!, 'utf8');
    expect(md).toBe(`# ${title}\n\n## 第一章 初雪\n`);

    // Write the chapter in the editor (autosaved), come back: now it can be published.
    await chapterList(page).getByRole('link', { name: '第一章 初雪', exact: true }).click();
    const editorBody = page.getByRole('textbox', { name: writing.editor.body, exact: true });
    await editorBody.click();
    await page.keyboard.type(
      '初雪落在长街上，行人渐稀。她提着灯笼走过石桥，回头望见城楼上的灯火一盏盏亮起。',
    );
    await expect
      .poll(() => page.getByRole('toolbar').getByRole('status').innerText(), { timeout: 10_000 })
      .toBe(writing.editor.status.saved);
    await page.getByRole('link', { name: writing.editor.backToChapters, exact: true }).click();
    await page
      .getByRole('button', { name: fill(stories.chapters.publishOf, { name: '第一章 初雪' }) })
      .click();
    await toast(page, stories.chapters.publishedToast).waitFor();
    await expect.poll(() => chapterList(page).getByText(stories.chapters.draft).count()).toBe(0);

    // A seeded story with a long chapter: publishing is allowed.
    await page.getByRole('link', { name: stories.chapters.back, exact: true }).click();
    await myStories(page).waitFor();
    await myStories(page).getByRole('link', { name: '长安不夜', exact: true }).click();
    await chapterList(page).waitFor();
    // Accessible names are "发布《name》" and "取消发布《name》": match from the start.
    const wholeName = (template: string) => new RegExp(`^${template.replace('{{name}}', '.*')}$`);
    const unpublish = chapterList(page).getByRole('button', {
      name: wholeName(stories.chapters.unpublishOf),
    });
    const publish = chapterList(page).getByRole('button', {
      name: wholeName(stories.chapters.publishOf),
    });
    if ((await publish.count()) === 0) {
      await unpublish.first().click();
      await publish.first().waitFor();
    }
    const before = await publish.count();
    await publish.first().click();
    await toast(page, stories.chapters.publishedToast).waitFor();
    await expect.poll(() => publish.count()).toBe(before - 1);
    await screenshot(page, 'stories-chapters');

    // Delete the new story into the recycle bin, then recover it.
    await page.getByRole('link', { name: stories.chapters.back, exact: true }).click();
    await myStories(page).waitFor();
    await page.getByRole('button', { name: fill(stories.list.deleteOf, { title }) }).click();
    const confirm = page.getByRole('dialog', { name: stories.list.deleteHeading, exact: true });
    await confirm.getByRole('button', { name: stories.list.delete, exact: true }).click();
    await toast(page, fill(stories.list.deleted, { days: 30 })).waitFor();
    await myStories(page)
      .getByRole('link', { name: title, exact: true })
      .waitFor({ state: 'detached' });

    // The side navigation has a link of the same name; either opens the bin.
    await page.getByRole('link', { name: stories.list.recycleLink, exact: true }).first().click();
    const bin = page.getByRole('list', { name: stories.recycle.heading, exact: true });
    await bin.getByText(title, { exact: true }).waitFor();
    await expect
      .poll(() => bin.getByRole('listitem').filter({ hasText: title }).innerText())
      .toContain(fill(stories.recycle.daysLeft_other, { count: 30 }));
    const binViolations = await axe(page);
    expect(binViolations, formatViolations(binViolations)).toEqual([]);
    await page.getByRole('button', { name: fill(stories.recycle.recoverOf, { title }) }).click();
    await toast(page, fill(stories.recycle.recovered, { title })).waitFor();

    await page.getByRole('link', { name: common.nav.novels, exact: true }).first().click();
    await myStories(page).getByRole('link', { name: title, exact: true }).waitFor();
  });
});
