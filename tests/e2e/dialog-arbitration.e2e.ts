import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import m from '../../src/locales/zh/membership.json';
import session from '../../src/locales/zh/session.json';
import { setupBrowser } from './support/browser';

/**
 * Dialog arbitration in real Chromium against the built demo: blocking dialogs (the ban, the
 * forced bind-phone) hold every promotional pop-up, and on a quiet page the promotions come
 * one at a time — time is moved with Playwright's clock, not waited for.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const dialogs = (page: Page) => page.getByRole('dialog');

describe('dialog arbitration', () => {
  /**
   * Start-up opens a blocking dialog; the Novels offers (3 s after the page shows) would open
   * the retention offer and the check-in tip. With the clock moved 10 s on, and the offers'
   * lookups answered, neither shows while the blocking dialog is open.
   */
  async function novelsAfter10s(scenario: string, waitFirst?: string) {
    const page = await newPage();
    await page.clock.install();
    const lookups = Promise.all([
      page.waitForResponse((r) => r.url().includes('/subscription/products'), { timeout: 30_000 }),
      page.waitForResponse((r) => r.url().includes('/subscription/status'), { timeout: 30_000 }),
    ]);
    await page.goto(`${demo}/dashboard/novels?scenario=${scenario}`);
    if (waitFirst)
      await page.getByRole('dialog', { name: waitFirst, exact: true }).waitFor({ timeout: 20_000 });
    else await page.getByRole('main').waitFor({ timeout: 20_000 });
    await page.clock.runFor(10_000);
    await lookups;
    return page;
  }

  it('the control: a free user on a quiet page is shown the check-in tip, then the offer', async () => {
    const page = await novelsAfter10s('signed-in,free-zero-power');
    const offer = page.getByRole('dialog', { name: m.retention.offerTitle });
    const tip = page.getByText(m.allowance.tip);
    await expect.poll(async () => (await tip.count()) + (await offer.count())).toBe(1);
    // One at a time: the tip's 5 s and the calm pass, then the offer shows alone.
    await page.clock.runFor(10_000);
    await offer.waitFor();
    expect(await tip.count()).toBe(0);
    await page.close();
  });

  async function expectNoPromotionBehind(scenario: string, blockingTitle: string) {
    const page = await novelsAfter10s(scenario, blockingTitle);
    const blocking = page.getByRole('dialog', { name: blockingTitle, exact: true });
    // Whatever the answers started (the prompt's calm, the tip's 5 s) has its time too.
    await page.clock.runFor(10_000);
    expect(await page.getByRole('dialog', { name: m.retention.offerTitle }).count()).toBe(0);
    expect(await page.getByText(m.allowance.tip).count()).toBe(0);
    expect(await dialogs(page).count()).toBe(1);
    expect(await blocking.isVisible()).toBe(true);
    await page.close();
  }

  it('signed-in,banned: the ban dialog and nothing else for 10 s', async () => {
    await expectNoPromotionBehind('signed-in,banned', session.ban.title);
  });

  it('a free user (who would be offered the first month) banned: no offer either', async () => {
    await expectNoPromotionBehind('signed-in,free-zero-power,banned', session.ban.title);
  });

  it('signed-in,phone-unbound: the forced bind-phone dialog and nothing else for 10 s', async () => {
    await expectNoPromotionBehind('signed-in,phone-unbound', session.bind.title);
  });

  it('signed-in,phone-unbound (free): the forced bind-phone dialog and nothing else for 10 s', async () => {
    await expectNoPromotionBehind('signed-in,free-zero-power,phone-unbound', session.bind.title);
  });
});
