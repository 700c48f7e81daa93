import { describe, expect, inject, it } from 'vitest';
import account from '../../src/locales/zh/account.json';
import common from '../../src/locales/zh/common.json';
import stories from '../../src/locales/zh/stories.json';
import { setupBrowser } from './support/browser';
import { MARKS, crash, offer } from './support/durable-text';
import { count } from './support/marks';

/**
 * Texts typed from the novels screen survive (src/lib/use-durable-text.ts): a new story's title,
 * through a renderer crash with its dialog open (offered back there, then the story created under
 * it); the feedback form's text, through a reload (back when the form opens again, and the form
 * empty once sent). Counted as in support/durable-text.ts: 0 lost.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

describe('story title: nothing typed is lost', () => {
  it('a crash with the new-story dialog open: the title is offered back there; 0 lost', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    const create = page.getByRole('button', { name: stories.list.create, exact: true });
    const dialog = page.getByRole('dialog', { name: stories.list.createHeading });
    const title = dialog.getByRole('textbox', { name: stories.list.titleLabel, exact: true });
    await create.click();
    const mark = MARKS[6]!;
    await title.click();
    await page.keyboard.type(mark.repeat(20));
    await crash(page);

    const again = await page.context().newPage();
    await again.goto(`${demo}/dashboard/novels`);
    await again.getByRole('button', { name: stories.list.create, exact: true }).click();
    const reopened = again.getByRole('dialog', { name: stories.list.createHeading });
    await offer(again).waitFor();
    await again.keyboard.press('Enter');
    const field = reopened.getByRole('textbox', { name: stories.list.titleLabel, exact: true });
    expect(count(await field.inputValue(), mark)).toBe(20);
    await reopened.getByRole('button', { name: stories.list.createSubmit, exact: true }).click();
    await reopened.waitFor({ state: 'detached' });
    await again
      .getByRole('link', { name: mark.repeat(20), exact: true })
      .first()
      .waitFor();
  });
});

describe('feedback text: nothing typed is lost', () => {
  it('a reload with the feedback half-written: the text is back when the form opens again; 0 lost', async () => {
    const page = await newPage();
    page.on('dialog', (d) => void d.accept());
    const openFeedback = async () => {
      await page.getByRole('button', { name: common.auth.account }).click();
      await page.getByRole('button', { name: common.auth.feedback, exact: true }).click();
      const form = page.getByRole('dialog', { name: account.feedback.title, exact: true });
      await form.waitFor();
      return form;
    };
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    const mark = MARKS[6]!;
    let form = await openFeedback();
    await form.getByLabel(account.feedback.content).click();
    await page.keyboard.type(`反馈${mark.repeat(40)}`);
    await page.reload();

    form = await openFeedback();
    const text = form.getByLabel(account.feedback.content);
    await expect.poll(async () => count(await text.inputValue(), mark)).toBe(40);
    await form.getByRole('button', { name: account.feedback.send, exact: true }).click();
    await form.waitFor({ state: 'detached' });
    // Sent: the form opens empty.
    form = await openFeedback();
    expect(await form.getByLabel(account.feedback.content).inputValue()).toBe('');
  });
});
