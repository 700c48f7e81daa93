import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import charging from '../../src/locales/zh/charging.json';
import social from '../../src/locales/zh/social.json';
import { setupBrowser } from './support/browser';
import { MARKS, crash } from './support/durable-text';
import { othersStory as story } from './support/stories';
import { count } from './support/marks';

/**
 * Dialog texts on a story's page come back when the dialog reopens on the same story
 * (src/lib/use-durable-text.ts): the report's text after a reload mid-typing (the tab asks
 * before it goes), the tip's message after a renderer crash mid-typing. Counted as in
 * support/durable-text.ts: 0 lost.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

describe('dialog texts: back when the dialog reopens on the same object', () => {
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

  async function openStory(page: Page, scenario: string) {
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${demo}/story/${story.share_id}?scenario=${scenario}`);
    await page.getByRole('heading', { name: story.title, level: 1 }).waitFor();
  }

  it('report text: reload mid-typing (with the leave prompt), reopen: 0 lost', async () => {
    const page = await newPage();
    await openStory(page, 'signed-in');
    const openReport = async () => {
      await page
        .getByRole('button', { name: fill(social.share.reportLabel, { title: story.title }) })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fill(social.report.titleOf.story, { title: story.title }),
        exact: true,
      });
      await dialog.waitFor();
      return dialog;
    };
    const mark = MARKS[0]!;
    const first = await openReport();
    await first.getByRole('textbox').click();
    await page.keyboard.type(mark.repeat(150));
    // The tab asks before it goes (accepted here), and the text is kept anyway.
    const asked = page.waitForEvent('dialog');
    await page.reload();
    expect((await asked).type()).toBe('beforeunload');
    await page.getByRole('heading', { name: story.title, level: 1 }).waitFor();
    const again = await openReport();
    await expect
      .poll(async () => count(await again.getByRole('textbox').inputValue(), mark))
      .toBe(150);
  });

  it('tip message: renderer crash mid-typing, reopen: 0 lost', async () => {
    const page = await newPage();
    await openStory(page, 'signed-in,vip-sub');
    const openTip = async (on: Page) => {
      await on
        .getByRole('button', { name: fill(social.supporters.tipLabel, { title: story.title }) })
        .click();
      const dialog = on.getByRole('dialog', {
        name: fill(charging.charge.title, { title: story.title }),
        exact: true,
      });
      await dialog.waitFor();
      return dialog.getByLabel(charging.charge.message);
    };
    const mark = MARKS[1]!;
    await (await openTip(page)).click();
    await page.keyboard.type(mark.repeat(45));
    await crash(page);
    const next = await page.context().newPage();
    await openStory(next, 'signed-in,vip-sub');
    const message = await openTip(next);
    await expect.poll(async () => count(await message.inputValue(), mark)).toBe(45);
  });
});
