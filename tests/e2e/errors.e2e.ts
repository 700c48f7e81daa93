import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import account from '../../src/locales/zh/account.json';
import common from '../../src/locales/zh/common.json';
import errors from '../../src/locales/zh/errors.json';
import session from '../../src/locales/zh/session.json';
import writing from '../../src/locales/zh/writing.json';
import { setupBrowser } from './support/browser';
import { editorUrl } from './support/chapter';

/**
 * Failures named as what they are, in real Chromium against the built demo: a service that
 * answers 500 says the service failed (with its error id), a dropped network says the
 * network failed; no text anywhere keeps a `{{` placeholder. And the appeal path: the
 * suspension notice's 「可通过反馈申诉」 and the ban dialog open the feedback form, which sends
 * the appeal.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

/** The page's text people read, toasts and alerts included. */
const pageText = (page: Page) => page.locator('body').innerText();

const serverWording = new RegExp(
  errors.serverWithId.replace(/[()（）]/g, '.').replace('{{id}}', 'err_\\w+'),
);

describe('failures named right', () => {
  it('server-500: the service failed, with its error id; never the network', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/worlds?scenario=signed-in,server-500`);
    await page.getByRole('button', { name: common.actions.retry, exact: false }).first().waitFor();
    await expect.poll(() => pageText(page), { timeout: 10_000 }).toMatch(serverWording);
    const text = await pageText(page);
    expect(text).not.toContain(errors.network);
    expect(text).not.toContain('{{');
  });

  it('network-down: the network failed', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/worlds?scenario=signed-in,network-down`);
    await expect.poll(() => pageText(page), { timeout: 10_000 }).toContain(errors.network);
    const text = await pageText(page);
    expect(text).not.toMatch(serverWording);
    expect(text).not.toContain('{{');
  });
});

describe('the appeal path', () => {
  it('the suspension notice opens the feedback form as an appeal, and it is sent', async () => {
    const page = await newPage();
    await page.goto(editorUrl(demo, 'signed-in,risk-suspended'));
    await page.getByRole('button', { name: /^续写/ }).click();
    const notice = page.getByRole('dialog', { name: writing.ai.warn.suspendedTitle, exact: true });
    await notice.getByText(writing.ai.warn.appeal).waitFor();
    await notice.getByRole('button', { name: writing.ai.warn.appealOpen, exact: true }).click();
    const form = page.getByRole('dialog', { name: account.feedback.title, exact: true });
    await form.waitFor();
    expect(await form.getByLabel(account.feedback.category).inputValue()).toBe('appeal');
    const text = form.getByLabel(account.feedback.content);
    await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('我输入的是历史小说里的战争描写，并非违规内容。');
    await form.getByRole('button', { name: account.feedback.send, exact: true }).click();
    await page.locator('.toast').filter({ hasText: account.feedback.sent }).waitFor();
    await form.waitFor({ state: 'detached' });
  });

  it('a banned user appeals from the ban dialog, which stays', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in,banned`);
    const ban = page.getByRole('dialog', { name: session.ban.title, exact: true });
    await ban.getByText(session.ban.appeal).waitFor();
    await ban.getByRole('button', { name: session.ban.appealOpen, exact: true }).click();
    const form = page.getByRole('dialog', { name: account.feedback.title, exact: true });
    await form.waitFor();
    expect(await form.getByLabel(account.feedback.category).inputValue()).toBe('appeal');
    await form.getByLabel(account.feedback.content).fill('封禁有误，请复核。');
    await form.getByRole('button', { name: account.feedback.send, exact: true }).click();
    await page.locator('.toast').filter({ hasText: account.feedback.sent }).waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await ban.isVisible()).toBe(true);
  });
});
