import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import charging from '../../src/locales/zh/charging.json';
import social from '../../src/locales/zh/social.json';
import { setupBrowser } from './support/browser';
import { MARKS, crash, endSessionAt, logInAgain } from './support/durable-text';
import { othersStory as story } from './support/stories';
import { count } from './support/marks';
import { admin } from './support/mock-admin';

/**
 * Dialog texts on a story's page come back when the dialog reopens on the same story
 * (src/lib/use-durable-text.ts): the report's text after a reload mid-typing (the tab asks
 * before it goes), and sent whole when the send meets the session's end (held under the login);
 * the tip's message after a reload (sent whole through the session's end too) or a renderer
 * crash mid-typing. Counted as in
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

  it('report text: reload mid-typing (with the leave prompt), reopen, then the session ends at send: 0 lost', async () => {
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

    // The session ends (tokens expire, their refresh is refused) and the report meets it: the
    // text stays under the login dialog, and the report is sent after logging in again.
    await again.getByRole('radio', { name: social.report.types.spam, exact: true }).check();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/reports') && r.request().method() === 'POST' && r.ok(),
    );
    const submit = again.getByRole('button', { name: social.report.submit, exact: true });
    const { login, pressed } = await endSessionAt(page, submit);
    expect(count(await again.locator('textarea').inputValue(), mark)).toBe(150);
    await admin(page, 'clearFaults');
    await logInAgain(login);
    if (!pressed) await submit.click();
    const body = (await sent).request().postDataJSON() as { description?: string };
    expect(count(body.description ?? '', mark)).toBe(150);
    await again.waitFor({ state: 'detached' });
  });

  it('tip message: reload mid-typing (with the leave prompt), reopen, then the session ends at send: 0 lost', async () => {
    const page = await newPage();
    await openStory(page, 'signed-in,vip-sub');
    const mark = MARKS[2]!;
    await (await openTip(page)).click();
    await page.keyboard.type(mark.repeat(45));
    const asked = page.waitForEvent('dialog');
    await page.reload();
    expect((await asked).type()).toBe('beforeunload');
    await page.getByRole('heading', { name: story.title, level: 1 }).waitFor();
    const message = await openTip(page);
    await expect.poll(async () => count(await message.inputValue(), mark)).toBe(45);

    // The session ends and the tip meets it: the message stays under the login dialog, and
    // the tip is sent with it after logging in again.
    const dialog = page.getByRole('dialog', {
      name: fill(charging.charge.title, { title: story.title }),
      exact: true,
    });
    await dialog.getByRole('radio', { name: / · 5000 / }).check();
    const sent = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/user/charge') && r.ok(),
    );
    const send = dialog.getByRole('button', {
      name: fill(charging.charge.sendAmount, { amount: '5000' }),
    });
    const { login, pressed } = await endSessionAt(page, send);
    expect(count(await dialog.locator('textarea').inputValue(), mark)).toBe(45);
    await admin(page, 'clearFaults');
    await logInAgain(login);
    if (!pressed) await send.click();
    const body = (await sent).request().postDataJSON() as Record<string, unknown>;
    expect(count(JSON.stringify(body), mark)).toBe(45);
  });

  it('tip message: renderer crash mid-typing, reopen: 0 lost', async () => {
    const page = await newPage();
    await openStory(page, 'signed-in,vip-sub');
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
