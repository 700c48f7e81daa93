import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import m from '../../src/locales/zh/membership.json';
import writing from '../../src/locales/zh/writing.json';
import { axe, formatViolations, setupBrowser } from './support/browser';
import { body, editorUrl } from './support/chapter';
import { admin } from './support/mock-admin';

/**
 * Membership and payments in real Chromium against the built demo (mock backend on), as the
 * seeded author made a free user with zero power (issue 15 "Done when", the payment part):
 * continuation is blocked; a pack is bought by QR and paid the way the payer's phone would
 * (the mock admin API the panel's "pending payments" uses), and the writing continues; a
 * membership with auto-renew is bought (vip_sub), auto-renew cancelled (vip_nosub); the daily
 * allowance is claimed. One pack is paid on the mock's cashier page, opened from the QR
 * dialog's link in a new page as the payer would.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** Pays the newest pending payment of `productId` as the phone that scanned the QR would. */
async function payAsPhone(page: Page, productId: string) {
  const pending = await admin(page, 'listPayments', 'pending');
  const payment = pending.find((p) => p.product_id === productId);
  expect(payment, `a pending payment of ${productId}`).toBeDefined();
  await admin(page, 'payPayment', payment!.id);
}

/** "Scan to pay" in the pay dialog with WeChat Pay, then the QR dialog showing the code. */
async function payByQr(page: Page, dialogTitle: string) {
  const pay = page.getByRole('dialog', { name: dialogTitle, exact: true });
  await pay.getByRole('radio', { name: m.pay.method.weixin, exact: true }).check();
  await pay.getByRole('button', { name: m.pay.scanToPay, exact: true }).click();
  const method = m.pay.method.weixin;
  const qr = page.getByRole('dialog', { name: fill(m.pay.qrTitle, { method }), exact: true });
  await qr.getByRole('img', { name: fill(m.pay.qrAlt, { method }), exact: true }).waitFor({
    timeout: 15_000,
  });
  return qr;
}

describe('membership and payments (issue 15)', () => {
  it('a free user with zero power buys a pack by QR, paid from the phone, and continues writing', async () => {
    const page = await newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(editorUrl(demo, 'signed-in,free-zero-power'));
    await body(page).waitFor();

    // No power: continuation is blocked, with the way to buy some.
    await page.getByText(writing.ai.errors.noPower).waitFor({ timeout: 15_000 });
    const continueButton = page.getByRole('button', {
      name: fill(writing.ai.continue, { cost: 100 }),
      exact: true,
    });
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByRole('link', { name: writing.ai.buy, exact: true }).click();

    // The pack screen: the 10,000 pack, bought by QR.
    await page.getByRole('heading', { name: m.package.heading, level: 1 }).waitFor();
    const packName = fill(m.package.name, { name: '10000', power: '1万' });
    await page
      .getByRole('button', { name: fill(m.package.buyLabel, { name: packName }), exact: true })
      .click();
    const qr = await payByQr(page, m.pay.packTitle);
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await payAsPhone(page, 'pack_10k');
    await qr
      .getByText(fill(m.pay.paidPack, { power: '1万' }), { exact: true })
      .waitFor({ timeout: 15_000 });
    await qr.getByRole('button', { name: m.pay.done, exact: true }).click();
    // The balance read again: the pack's power, in the breakdown.
    const power = page.getByRole('region', { name: m.power.heading });
    await power.getByText(fill(m.power.total, { value: '1万' }), { exact: true }).waitFor();

    // Back to the chapter: the continuation goes through.
    await page.goBack();
    await body(page).waitFor();
    await expect.poll(() => continueButton.isDisabled(), { timeout: 15_000 }).toBe(false);
    await continueButton.click();
    await page
      .getByRole('group', { name: writing.ai.cards, exact: true })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByText(writing.ai.errors.noPower).count()).toBe(0);
  });

  it('pays on the cashier page its link opens in a new page, and the QR dialog sees it paid', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/package?scenario=signed-in,free-zero-power`);
    await page.getByRole('heading', { name: m.package.heading, level: 1 }).waitFor();
    const packName = fill(m.package.name, { name: '10000', power: '1万' });
    await page
      .getByRole('button', { name: fill(m.package.buyLabel, { name: packName }), exact: true })
      .click();
    const qr = await payByQr(page, m.pay.packTitle);

    // The link the QR holds, opened as the phone would: the backend's cashier page.
    const link = qr.getByRole('link', { name: m.pay.openLink, exact: true });
    const [cashier] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await cashier.waitForLoadState();
    expect(new URL(cashier.url()).pathname).toMatch(/^\/mock-pay\//);
    await cashier.getByText('10000 words 能量包', { exact: true }).waitFor();
    await cashier.getByText('¥9.9', { exact: true }).waitFor();
    await cashier.getByText('微信支付', { exact: true }).waitFor();
    const violations = await axe(cashier);
    expect(violations, formatViolations(violations)).toEqual([]);
    await cashier.getByRole('button', { name: '支付', exact: true }).click();
    await cashier
      .getByRole('status')
      .getByText(/已支付/)
      .waitFor();
    expect(await cashier.getByRole('button').count()).toBe(0);

    // Back in the app: the dialog ends as paid (poll or socket push), the balance is read again.
    await page.bringToFront();
    await qr
      .getByText(fill(m.pay.paidPack, { power: '1万' }), { exact: true })
      .waitFor({ timeout: 15_000 });
    await qr.getByRole('button', { name: m.pay.done, exact: true }).click();
    const power = page.getByRole('region', { name: m.power.heading });
    await power.getByText(fill(m.power.total, { value: '1万' }), { exact: true }).waitFor();
  });

  it('subscribes (vip_sub), cancels auto-renew (vip_nosub) and claims the daily allowance', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/vip?scenario=signed-in,free-zero-power`);
    const status = page.getByRole('region', { name: m.vip.statusHeading });
    await status.getByText(m.vip.type.free, { exact: true }).waitFor({ timeout: 15_000 });

    // Subscribe to the auto-renewing month by QR, paid from the phone.
    await page
      .getByRole('button', { name: fill(m.vip.buyLabel, { name: '连续包月' }), exact: true })
      .click();
    const qr = await payByQr(page, m.pay.vipTitle);
    await payAsPhone(page, 'sub_month_auto');
    await qr.getByText(m.pay.paidVip, { exact: true }).waitFor({ timeout: 15_000 });
    await qr.getByRole('button', { name: m.pay.done, exact: true }).click();
    await status.getByText(m.vip.type.vip_sub, { exact: true }).waitFor({ timeout: 15_000 });

    // Cancel auto-renew (asked first): a member still, without renewal.
    await status.getByRole('button', { name: m.vip.cancel, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: m.vip.cancelHeading, exact: true });
    await confirm.getByRole('button', { name: m.vip.cancelConfirm, exact: true }).click();
    await status.getByText(m.vip.type.vip_nosub, { exact: true }).waitFor({ timeout: 15_000 });

    // The daily allowance: claim, then claimed.
    const allowance = page.getByRole('region', { name: m.allowance.heading });
    await allowance.getByRole('button', { name: m.allowance.claim, exact: true }).click();
    await allowance.getByText(/今日已领取 500 能量/).waitFor({ timeout: 15_000 });
    expect(await allowance.getByRole('button').count()).toBe(0);

    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });
});
