import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import charging from '../../src/locales/zh/charging.json';
import m from '../../src/locales/zh/membership.json';
import social from '../../src/locales/zh/social.json';
import seed from '../../mocks/seed.gen.json';
import { powerBalance, type PowerParts } from '../../src/rules/power';
import { setupBrowser } from './support/browser';
import { admin } from './support/mock-admin';

/**
 * Once-only actions in real Chromium against the built demo: a double click on 打赏, 开通 or
 * 购买 opens one dialog, makes one order and sends one tip (the balance says so); closing and
 * reopening a QR shows the same payable order. Dialog arbitration is dialog-arbitration.e2e.ts.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** The signed-in user's power as the server holds it, read through the backend like the app. */
const balance = (page: Page) =>
  page
    .evaluate(async () => {
      const saved = JSON.parse(localStorage.getItem('pro_session')!) as {
        value: { uid: string; accessToken: string };
      };
      const response = await fetch('/api/v1/user/benefits/writing', {
        headers: {
          lang: 'zh',
          ostype: 'web',
          Authorization: `Bearer ${saved.value.accessToken}`,
          uid: saved.value.uid,
        },
      });
      return (await response.json()) as PowerParts;
    })
    .then(powerBalance);

const pendingOf = async (page: Page, productId: string) =>
  (await admin(page, 'listPayments', 'pending')).filter((p) => p.product_id === productId);

const dialogs = (page: Page) => page.getByRole('dialog');

/** The pay dialog: WeChat Pay, then a double click on "scan to pay"; the QR shows. */
async function scanTwice(page: Page, payTitle: string) {
  const pay = page.getByRole('dialog', { name: payTitle, exact: true });
  await pay.getByRole('radio', { name: m.pay.method.weixin, exact: true }).check();
  await pay.getByRole('button', { name: m.pay.scanToPay, exact: true }).dblclick();
  const method = m.pay.method.weixin;
  const qr = page.getByRole('dialog', { name: fill(m.pay.qrTitle, { method }), exact: true });
  await qr
    .getByRole('img', { name: fill(m.pay.qrAlt, { method }), exact: true })
    .waitFor({ timeout: 15_000 });
  return qr;
}

/** A square story by another author, to tip. */
const story = seed.stories.find(
  (s) => s.uid !== 'u_author' && s.share_status === 'square' && s.deleted_at === 0,
)!;

describe('once-only actions', () => {
  it('a double click on 打赏 opens one tip dialog, and a double click on send tips once', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    await page.goto(`${demo}/story/${story.share_id}?scenario=signed-in,vip-sub`);
    await page.getByRole('heading', { name: story.title, level: 1 }).waitFor({ timeout: 20_000 });
    const before = await balance(page);

    await page
      .getByRole('button', { name: fill(social.supporters.tipLabel, { title: story.title }) })
      .dblclick();
    const dialog = page.getByRole('dialog', {
      name: fill(charging.charge.title, { title: story.title }),
      exact: true,
    });
    const option = dialog.getByRole('radio', { name: / · 100 / });
    await option.waitFor({ timeout: 15_000 });
    expect(await dialogs(page).count()).toBe(1);

    await option.check();
    await dialog
      .getByRole('button', { name: fill(charging.charge.sendAmount, { amount: '100' }) })
      .dblclick();
    const care = page.getByRole('dialog', { name: social.care.title, exact: true });
    await care.waitFor({ timeout: 15_000 });
    expect(await dialogs(page).count()).toBe(1);
    // The toast said it once: counted while it is on view (it leaves after its lifetime, which
    // the balance's poll below can outlast on a loaded machine).
    const done = page
      .locator('.toast')
      .filter({ hasText: fill(charging.charge.done, { amount: '100' }) });
    await done.first().waitFor();
    expect(await done.count()).toBe(1);
    await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before - 100);
  });

  it('a double click on 开通 opens one pay dialog and one order; a reopened QR is the same order', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/vip?scenario=signed-in,free-zero-power`);
    const status = page.getByRole('region', { name: m.vip.statusHeading });
    await status.getByText(m.vip.type.free, { exact: true }).waitFor({ timeout: 15_000 });
    const buy = page.getByRole('button', {
      name: fill(m.vip.buyLabel, { name: '连续包月' }),
      exact: true,
    });

    await buy.dblclick();
    await page.getByRole('dialog', { name: m.pay.vipTitle, exact: true }).waitFor();
    expect(await dialogs(page).count()).toBe(1);
    const qr = await scanTwice(page, m.pay.vipTitle);
    expect(await dialogs(page).count()).toBe(1);
    const first = await pendingOf(page, 'sub_month_auto');
    expect(first).toHaveLength(1);

    // Closed and opened again: the same payable order (its QR), not a second one.
    await page.keyboard.press('Escape');
    await qr.waitFor({ state: 'detached' });
    await buy.click();
    await scanTwice(page, m.pay.vipTitle);
    expect((await pendingOf(page, 'sub_month_auto')).map((p) => p.id)).toEqual([first[0]!.id]);

    await admin(page, 'payPayment', first[0]!.id);
    await qr.getByText(m.pay.paidVip, { exact: true }).waitFor({ timeout: 15_000 });
    await qr.getByRole('button', { name: m.pay.done, exact: true }).click();
    await status.getByText(m.vip.type.vip_sub, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await pendingOf(page, 'sub_month_auto')).toEqual([]);
  });

  it('a double click on 购买 opens one pay dialog and one order; paying adds the pack once', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/package?scenario=signed-in,free-zero-power`);
    await page.getByRole('heading', { name: m.package.heading, level: 1 }).waitFor();
    const before = await balance(page);
    const packName = fill(m.package.name, { name: '10000', power: '1万' });
    await page
      .getByRole('button', { name: fill(m.package.buyLabel, { name: packName }), exact: true })
      .dblclick();
    await page.getByRole('dialog', { name: m.pay.packTitle, exact: true }).waitFor();
    expect(await dialogs(page).count()).toBe(1);
    const qr = await scanTwice(page, m.pay.packTitle);
    expect(await dialogs(page).count()).toBe(1);
    const pending = await pendingOf(page, 'pack_10k');
    expect(pending).toHaveLength(1);

    await admin(page, 'payPayment', pending[0]!.id);
    await qr
      .getByText(fill(m.pay.paidPack, { power: '1万' }), { exact: true })
      .waitFor({ timeout: 15_000 });
    expect(await balance(page)).toBe(before + 10_000);
  });
});
