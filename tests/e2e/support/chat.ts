import type { Page } from 'playwright-core';
import exploration from '../../../src/locales/zh/exploration.json';
import { sessionFetch } from '../../../scripts/bench-chat.mjs';

/**
 * Opens the signed-in user's latest chat game of the demo at `demo` (with `?scenario=`), once
 * its input and power are shown; answers the chat's address, to open it again in another tab.
 */
export async function openLatestChat(page: Page, demo: string, scenario: string) {
  await page.goto(`${demo}/dashboard/novels?scenario=${scenario}`);
  await page.locator('main').first().waitFor();
  const games = await sessionFetch(page, '/api/v2/chat_games?limit=1');
  const game = (games.body as { data?: Array<{ chat_id: string }> } | null)?.data?.[0];
  if (!game) throw new Error(`no chat game (${games.status})`);
  const url = `${demo}/exploration?chat=${encodeURIComponent(game.chat_id)}`;
  await page.goto(url);
  await page.getByTestId('chat-input').waitFor();
  await page.locator('.chat-toolbar__power').waitFor();
  return url;
}

/** The chat's input (zh). */
export const chatInput = (page: Page) =>
  page.getByRole('textbox', { name: exploration.input.label, exact: true });
