import { describe, expect, inject, it } from 'vitest';
import exploration from '../../src/locales/zh/exploration.json';
import { setupBrowser } from './support/browser';
import { chatInput as input, openLatestChat } from './support/chat';
import { MARKS, crash, offer, typeAtEnd } from './support/durable-text';
import { count } from './support/marks';

/**
 * The chat keeps what was typed (src/lib/use-durable-text.ts): a message edit reloaded mid-edit
 * is offered back when the edit reopens, then saved into the message; the input typed without a
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
