import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import exploration from '../../src/locales/zh/exploration.json';
import { setupBrowser } from './support/browser';
import { openLatestChat } from './support/chat';

/**
 * Chat recovery in real Chromium against the built demo, signed in as the seeded author with
 * `chat-stream-drops` (the first reply to each message is cut halfway): the message stays and
 * awaits its reply, the typed text comes back into the input, nothing is charged; 重试 on the
 * message gets the reply, charged once, the focus on the message, the input cleared.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();
const zh = exploration;

const log = (page: Page) => page.getByTestId('chat-log');
const power = async (page: Page) =>
  Number((await page.locator('.chat-toolbar__power').innerText()).replace(/\D+/g, ''));

describe('chat recovery', () => {
  it('a cut reply keeps the text; 重试 on the message gets the reply, charged once', async () => {
    const page = await newPage();
    await openLatestChat(page, demo, 'signed-in,chat-stream-drops');
    const before = await power(page);
    const text = '城门外的火光是怎么回事？';
    const input = page.getByTestId('chat-input');
    await input.fill(text);
    await page.keyboard.press('Enter');

    await page.getByText(zh.errors.replyFailed).waitFor();
    const mine = log(page).locator('article.chat-message--player').last();
    await expect.poll(() => mine.innerText()).toContain(zh.messages.noReply);
    expect(await mine.innerText()).toContain(text);
    expect(await input.inputValue()).toBe(text);
    expect(await power(page)).toBe(before);

    await mine.getByRole('button', { name: zh.messages.retry }).click();
    expect(await mine.evaluate((el) => el === document.activeElement)).toBe(true);
    // The reply arrives after the message; the failure and the kept text are gone.
    await expect
      .poll(() => log(page).locator('article').last().getAttribute('class'))
      .not.toContain('chat-message--player');
    await expect.poll(() => page.getByText(zh.errors.replyFailed).count()).toBe(0);
    expect(await mine.innerText()).not.toContain(zh.messages.noReply);
    await expect.poll(() => input.inputValue()).toBe('');
    await expect.poll(() => power(page)).toBe(before - 1);
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    expect(await log(page).locator('article.chat-message--player', { hasText: text }).count()).toBe(
      1,
    );
  });

  it('the offer survives task → free → task; the choices made are listed on top, Esc closes them', async () => {
    const page = await newPage();
    await openLatestChat(page, demo, 'signed-in');
    const choices = page.getByRole('group', { name: zh.options.label });
    const offer = await choices.getByRole('button').allInnerTexts();
    const mode = page.getByRole('group', { name: zh.toolbar.mode });
    await mode.getByRole('button', { name: zh.toolbar.modes.free }).click();
    await choices.waitFor({ state: 'detached' });
    await mode.getByRole('button', { name: zh.toolbar.modes.task }).click();
    await expect.poll(() => choices.getByRole('button').allInnerTexts()).toEqual(offer);
    const choice = choices.getByRole('button').first();
    const text = await choice.innerText();
    await choice.click();
    await expect
      .poll(() => log(page).locator('article.chat-message--player').last().innerText())
      .toContain(text);
    const toggle = page.getByRole('button', { name: zh.options.played });
    await toggle.click();
    const panel = page.getByRole('region', { name: zh.options.played });
    await panel.getByText(text).waitFor();
    // Nothing covers the list: the point at its centre belongs to it.
    const onTop = await panel.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
