import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import exploration from '../../src/locales/zh/exploration.json';
import membership from '../../src/locales/zh/membership.json';
import writing from '../../src/locales/zh/writing.json';
import seed from '../../mocks/seed.gen.json';
import { setupBrowser } from './support/browser';
import { body, caretAtEnd, editorUrl } from './support/chapter';

/**
 * Spec 2 rules in real Chromium against the built demo: a continuation is charged the length
 * per delivered card (three cards of 100 take 300 from the balance), and the pro chat model is
 * for members (a free user's pick is refused with the way to membership).
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** The balance the account menu shows, read from its breakdown (opened and closed again). */
async function balanceShown(page: Page, value: string) {
  const trigger = page.getByRole('button', { name: common.auth.account, exact: false });
  await trigger.click();
  await page
    .getByText(fill(membership.power.total, { value }), { exact: true })
    .waitFor({ timeout: 15_000 });
  await trigger.click();
}

describe('spec 2 rules', () => {
  it('a continuation of three cards of 100 takes 300 from the balance', async () => {
    const page = await newPage();
    await page.goto(editorUrl(demo, 'signed-in,power-1000'));
    await body(page).waitFor();
    await balanceShown(page, '1000');
    // The price is said before generating: per card, and what three cost.
    await page
      .getByText(fill(writing.ai.price, { cost: 100, cards: 3, total: 300 }), { exact: true })
      .waitFor();
    await caretAtEnd(page);
    await page
      .getByRole('button', { name: fill(writing.ai.continue, { cost: 100 }), exact: true })
      .click();
    const cards = page.getByRole('group', { name: writing.ai.cards, exact: true });
    await cards.waitFor({ timeout: 20_000 });
    await cards.getByText(fill(writing.ai.cardOf, { index: 1, total: 3 })).waitFor();
    await balanceShown(page, '700');
  });

  it('a free user cannot pick the pro chat model: told it is for members, with the way there', async () => {
    const game = seed.chatGames
      .filter((g) => g.uid === 'u_author')
      .sort((a, b) => b.updated_at - a.updated_at)[0]!;
    const page = await newPage();
    await page.goto(
      `${demo}/exploration?chat=${encodeURIComponent(game.chat_id)}&scenario=signed-in,free-zero-power`,
    );
    const select = page.getByRole('combobox', { name: exploration.toolbar.model, exact: true });
    // On a phone-sized window the controls fold behind one button.
    const more = page.getByRole('button', { name: exploration.toolbar.more, exact: true });
    await select.or(more).first().waitFor({ timeout: 20_000 });
    if (!(await select.isVisible())) await more.click();
    const before = await select.inputValue();
    // The membership is known once the power the toolbar shows has loaded with the chat.
    await page
      .getByText(/对话能量/)
      .first()
      .waitFor();
    await select.selectOption('m_pro');
    const refusal = page.getByRole('alert').filter({ hasText: exploration.errors.membersOnly });
    await refusal.waitFor({ timeout: 15_000 });
    const link = refusal.getByRole('link', { name: exploration.toolbar.becomeMember, exact: true });
    expect(await link.getAttribute('href')).toBe('/dashboard/vip');
    expect(await select.inputValue()).toBe(before);
  });
});
