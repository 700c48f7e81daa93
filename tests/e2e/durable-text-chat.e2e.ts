import { describe, expect, inject, it } from 'vitest';
import exploration from '../../src/locales/zh/exploration.json';
import { setupBrowser } from './support/browser';
import { chatInput as input, openLatestChat } from './support/chat';
import { MARKS, crash, endSessionAt, logInAgain, offer, typeAtEnd } from './support/durable-text';
import { count } from './support/marks';
import { admin } from './support/mock-admin';

/**
 * The chat keeps what was typed (src/lib/use-durable-text.ts): a message edit reloaded or crashed
 * mid-edit is offered back when the edit reopens, then saved into the message, also when the
 * save meets the session's end (held under the login, sent after it); the input typed without a
 * pause and crashed right after the last key holds every character in the next tab. Counted as
 * in support/durable-text.ts: 0 lost.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

describe('chat: nothing typed is lost', () => {
  it('a message edit: reload mid-edit, the edit reopened offers it back; 0 lost', async () => {
    const page = await newPage();
    await openLatestChat(page, demo, 'signed-in');
    const mine = () => page.getByTestId('chat-log').locator('article.chat-message--player').last();
    const startEdit = async () => {
      await mine().hover();
      await mine()
        .getByRole('button', {
          name: exploration.messages.edit.replace('{{who}}', exploration.messages.you),
        })
        .click();
      return mine().getByRole('textbox', { name: exploration.messages.editLabel });
    };
    const mark = MARKS[2]!;
    await typeAtEnd(page, await startEdit(), mark.repeat(100));
    await page.reload();
    await input(page).waitFor();
    const editor = await startEdit();
    await offer(page).waitFor();
    await page.keyboard.press('Enter');
    expect(count(await editor.inputValue(), mark)).toBe(100);
    await mine().getByRole('button', { name: exploration.messages.saveEdit }).click();
    await expect.poll(async () => count(await mine().innerText(), mark)).toBe(100);
  });

  it('a message edit: a crash mid-edit, then the session ending at save: offered back, saved after the login; 0 lost', async () => {
    const page = await newPage();
    const url = await openLatestChat(page, demo, 'signed-in');
    const mark = MARKS[4]!;
    const mine = (on: typeof page) =>
      on.getByTestId('chat-log').locator('article.chat-message--player').last();
    const startEdit = async (on: typeof page) => {
      await mine(on).hover();
      await mine(on)
        .getByRole('button', {
          name: exploration.messages.edit.replace('{{who}}', exploration.messages.you),
        })
        .click();
      return mine(on).getByRole('textbox', { name: exploration.messages.editLabel });
    };
    await typeAtEnd(page, await startEdit(page), mark.repeat(90));
    await crash(page);

    const next = await page.context().newPage();
    await next.goto(url);
    await input(next).waitFor();
    const editor = await startEdit(next);
    await offer(next).waitFor();
    await next.keyboard.press('Enter');
    expect(count(await editor.inputValue(), mark)).toBe(90);

    // The session ends (tokens expire, their refresh is refused) and the save meets it: the
    // edit stays on view under the login dialog, and goes through after logging in again.
    const save = mine(next).getByRole('button', { name: exploration.messages.saveEdit });
    const { login, pressed } = await endSessionAt(next, save);
    expect(count(await mine(next).locator('textarea').inputValue(), mark)).toBe(90);
    await admin(next, 'clearFaults');
    await logInAgain(login);
    if (!pressed) await save.click();
    await expect.poll(async () => count(await mine(next).innerText(), mark)).toBe(90);
    await mine(next).locator('textarea').waitFor({ state: 'detached' });
    await next.reload();
    await expect.poll(async () => count(await mine(next).innerText(), mark)).toBe(90);
  });

  it('renderer crash during continuous typing: 0 lost', async () => {
    const page = await newPage();
    const url = await openLatestChat(page, demo, 'signed-in');
    const mark = MARKS[3]!;
    // Typed without a pause, crashed right after the last key.
    await input(page).click();
    await page.keyboard.type(mark.repeat(200));
    await crash(page);
    const again = await page.context().newPage();
    await again.goto(url);
    await expect.poll(async () => count(await input(again).inputValue(), mark)).toBe(200);
  });
});
