import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage, i18next } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { MEMBER_MONTHLY_POWER } from '@/rules/membership';
import { renderApp, signedInState } from '@/testing/render';
import { installManualClock } from '@/testing/manual-clock';
import { allowanceClaimed, freeZeroPower, vipSub } from '@mocks/scenarios/payment';
import { db } from '@mocks/db';
import { settlePayment } from '@mocks/payments';
import { server } from '@mocks/server';

const listPaymentsPending = () => db.payments.findMany((q) => q.where({ status: 'pending' }));

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

afterEach(() => {
  server.events.removeAllListeners('request:start');
  storage.clear();
});

async function openVip(path = '/dashboard/vip') {
  const view = renderApp(path, { preloadedState: await signedInState() });
  const plans = await screen.findByRole('list', { name: t('membership:vip.productsLabel') });
  return { ...view, plans: within(plans) };
}

describe('/dashboard/vip', () => {
  it('lists the plans by the rules: one per name, no unavailable promotion, one hot label', async () => {
    await freeZeroPower();
    const { plans } = await openVip();
    const names = plans.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['首月特惠连续包月', '连续包月', '月度会员', '季度会员', '年度会员']);
    // The first-month offer is the one hot label left.
    expect(plans.getByText('首月仅需 9.9 元')).toBeVisible();
    expect(plans.queryByText('最受欢迎')).toBeNull();
    expect(plans.getByText('¥9.9')).toBeVisible();
    expect(await screen.findByText(t('membership:vip.type.free'))).toBeVisible();
  });

  it('shows the plans in the language chosen: the server names them in the request’s lang', async () => {
    await freeZeroPower();
    const { user, plans } = await openVip();
    expect(plans.getByRole('heading', { name: '首月特惠连续包月' })).toBeVisible();
    await user.selectOptions(
      screen.getByRole('combobox', { name: t('common:settings.language') }),
      'en',
    );
    try {
      expect(
        await screen.findByRole('heading', { name: 'First-month offer, monthly auto-renewing' }),
      ).toBeVisible();
      expect(screen.getByText('First month only ¥9.9')).toBeVisible();
      expect(screen.queryByText('首月特惠连续包月')).toBeNull();
    } finally {
      await act(() => changeLanguage('zh'));
    }
  });

  it('says the monthly member power from the one shared constant (spec 2 §1)', async () => {
    await freeZeroPower();
    await openVip();
    expect(MEMBER_MONTHLY_POWER).toBe(100_000);
    expect(screen.getByText(t('membership:vip.lead', { power: '10万' }))).toBeVisible();
    expect(screen.getByText(/会员每月获得 10万 能量/)).toBeVisible();
  });

  it('a member with auto-renew is vip_sub; cancelling auto-renew makes them vip_nosub', async () => {
    await vipSub();
    const { user } = await openVip();
    expect(await screen.findByText(t('membership:vip.type.vip_sub'))).toBeVisible();
    await user.click(screen.getByRole('button', { name: t('membership:vip.cancel') }));
    const confirm = within(
      await screen.findByRole('dialog', { name: t('membership:vip.cancelHeading') }),
    );
    await user.click(confirm.getByRole('button', { name: t('membership:vip.cancelConfirm') }));
    const status = within(screen.getByRole('region', { name: t('membership:vip.statusHeading') }));
    expect(await status.findByText(t('membership:vip.type.vip_nosub'))).toBeVisible();
    expect(screen.queryByRole('button', { name: t('membership:vip.cancel') })).toBeNull();
  });

  it('claims the daily allowance: claim -> claimed, and the power refetches', async () => {
    await freeZeroPower();
    const { user } = await openVip();
    const claim = await screen.findByRole('button', { name: t('membership:allowance.claim') });
    await user.click(claim);
    const card = within(screen.getByRole('region', { name: t('membership:allowance.heading') }));
    await waitFor(() => expect(card.getByText(/今日已领取 500 能量/)).toBeVisible());
    const power = within(screen.getByRole('region', { name: t('membership:power.heading') }));
    await waitFor(() =>
      expect(power.getByText(t('membership:power.total', { value: '500' }))).toBeVisible(),
    );
  });

  it('an allowance already claimed shows claimed, with no claim button', async () => {
    await allowanceClaimed();
    await openVip();
    const card = within(
      await screen.findByRole('region', { name: t('membership:allowance.heading') }),
    );
    expect(await card.findByText(/今日已领取/)).toBeVisible();
    expect(card.queryByRole('button')).toBeNull();
  });

  it('subscribing opens the pay dialog, then the QR dialog with the order', async () => {
    await freeZeroPower();
    const { user, plans } = await openVip('/dashboard/vip?source=promotion_page');
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/payment/v1/orders'))
        bodies.push(await request.clone().json());
    });
    // The order's status polls and countdown run on the app's clock, moved on to each.
    const manual = installManualClock(Date.now());
    await user.click(
      plans.getByRole('button', { name: t('membership:vip.buyLabel', { name: '连续包月' }) }),
    );
    const pay = within(await screen.findByRole('dialog', { name: t('membership:pay.vipTitle') }));
    await user.click(pay.getByRole('radio', { name: t('membership:pay.method.alipay') }));
    await user.click(pay.getByRole('button', { name: t('membership:pay.scanToPay') }));
    await screen.findByRole('img', {
      name: t('membership:pay.qrAlt', { method: t('membership:pay.method.alipay') }),
    });
    expect(bodies).toEqual([
      expect.objectContaining({
        product_id: 'sub_month_auto',
        pay_type: 2,
        pay_scene: 'promotion_page',
        qrcode_mode: 1,
        app_type: 30,
      }),
    ]);
    // Paid from the phone: the dialog says so and the status reads vip_sub.
    const [order] = listPaymentsPending();
    await settlePayment(order!.id, 'paid');
    await manual.runTimersUntil(() => screen.queryByText(t('membership:pay.paidVip')) !== null);
    expect(screen.getByText(t('membership:pay.paidVip'))).toBeVisible();
    const status = within(screen.getByRole('region', { name: t('membership:vip.statusHeading') }));
    expect(await status.findByText(t('membership:vip.type.vip_sub'))).toBeVisible();
    // Closed, the paid dialog gives the focus back to the page's button, not the body (it was
    // opened from the pay dialog, gone since).
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.closest('[role="dialog"]')).toBeNull();
  });
});
