import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import exploration from '../../src/locales/zh/exploration.json';
import { sessionFetch } from '../../scripts/bench-chat.mjs';
import { setupBrowser } from './support/browser';

/**
 * The chat at every window size a player brings, with Chinese drawn in real glyphs: phones
 * upright and sideways, 200% zoom of a laptop (675×450), a tablet and a laptop. Every seeded
 * game opens without the error screen, the messages keep at least half the window, the
 * composer and send are in view without scrolling and nothing runs off the right edge; then
 * the same after three messages of the full 500 characters and a reload (long rows that wrap
 * differently at each width are what sent the message window into a render loop).
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const SIZES = [
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 675, height: 450 },
  { width: 1024, height: 768 },
  { width: 1350, height: 900 },
] as const;

const LONG = '旧城的钟声在雨里传得很远，'.repeat(40).slice(0, 500);

interface Fit {
  crashed: boolean;
  logHeight: number;
  sendBottom: number;
  inputBottom: number;
  pageWidth: number;
}

/** Opens a chat and waits for its messages (or the error screen), then reads the layout. */
async function openChat(page: Page, chatId: string): Promise<Fit> {
  await page.goto(`${demo}/exploration?chat=${encodeURIComponent(chatId)}`);
  const crash = page.getByText(common.routeError.title);
  const messages = page.getByTestId('chat-log').locator('article').first();
  await messages.or(crash).first().waitFor();
  return readFit(page);
}

const sendButton = (page: Page) =>
  page.getByRole('button', { name: exploration.input.send, exact: true });

async function readFit(page: Page): Promise<Fit> {
  const crashed = (await page.getByText(common.routeError.title).count()) > 0;
  if (crashed) return { crashed, logHeight: 0, sendBottom: -1, inputBottom: -1, pageWidth: 0 };
  const box = async (selector: string) =>
    (await page.locator(selector).first().boundingBox()) ?? { y: -1, height: 0 };
  const log = await box('[data-testid="chat-log"]');
  const send = (await sendButton(page).boundingBox()) ?? { y: -1, height: 0 };
  const input = await box('[data-testid="chat-input"]');
  return {
    crashed,
    logHeight: log.height,
    sendBottom: send.y + send.height,
    inputBottom: input.y + input.height,
    pageWidth: await page.evaluate(() => document.documentElement.scrollWidth),
  };
}

function expectFits(fit: Fit, size: { width: number; height: number }, what: string) {
  const where = `${what} at ${size.width}×${size.height}`;
  expect(fit.crashed, `${where}: the error screen`).toBe(false);
  expect(fit.logHeight, `${where}: message list height`).toBeGreaterThanOrEqual(size.height / 2);
  expect(fit.sendBottom, `${where}: send in view`).toBeGreaterThan(0);
  expect(fit.sendBottom, `${where}: send in view`).toBeLessThanOrEqual(size.height);
  expect(fit.inputBottom, `${where}: input in view`).toBeLessThanOrEqual(size.height);
  expect(fit.pageWidth, `${where}: page width`).toBeLessThanOrEqual(size.width);
}

describe('the chat fits every window', () => {
  it('every seeded game opens at every size, and again after three 500-character messages and a reload', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await page.locator('main').first().waitFor();
    const games = await sessionFetch(page, '/api/v2/chat_games?limit=20');
    const { data } = games.body as { data: { chat_id: string }[] };
    const chatIds = data.map((g) => g.chat_id);
    expect(chatIds.length).toBeGreaterThan(0);

    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const chatId of chatIds) expectFits(await openChat(page, chatId), size, chatId);
    }

    // On a phone the controls fold behind one button; opened, the model is within the window,
    // and Esc folds them back onto that button.
    await page.setViewportSize(SIZES[0]);
    await openChat(page, chatIds[0]!);
    const more = page.getByRole('button', { name: exploration.toolbar.more, exact: true });
    const model = page.getByLabel(exploration.toolbar.model);
    expect(await model.isVisible()).toBe(false);
    await more.click();
    await model.waitFor();
    const modelBox = (await model.boundingBox())!;
    expect(modelBox.x + modelBox.width).toBeLessThanOrEqual(SIZES[0].width);
    await model.focus();
    await page.keyboard.press('Escape');
    await model.waitFor({ state: 'hidden' });
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);

    // Three messages at the limit, sent as a player sends them, then every size reloaded.
    const [first] = chatIds;
    await page.setViewportSize(SIZES[4]);
    await openChat(page, first!);
    const input = page.getByTestId('chat-input');
    const players = page.getByTestId('chat-log').locator('article.chat-message--player');
    for (let i = 0; i < 3; i++) {
      await input.fill(LONG);
      await input.press('Enter');
      // Stored by the server (the input empties while the reply runs), then the reply ended
      // (send is offered again).
      await expect.poll(() => input.inputValue()).toBe('');
      await expect.poll(() => sendButton(page).isEnabled()).toBe(true);
    }
    await expect.poll(() => players.last().innerText()).toContain(LONG.slice(0, 20));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.reload();
      await page.getByTestId('chat-log').locator('article').first().waitFor();
      const fit = await readFit(page);
      expectFits(fit, size, `${first} after three long messages`);
    }
  }, 120_000);
});
