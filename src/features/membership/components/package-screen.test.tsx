import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { freeZeroPower, vipSub } from '@mocks/scenarios/payment';
import { server } from '@mocks/server';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

afterEach(() => server.events.removeAllListeners('request:start'));

async function openPackages() {
  const view = renderApp('/dashboard/package', { preloadedState: await signedInState() });
  const list = await screen.findByRole('list', { name: t('membership:package.listLabel') });
  return { ...view, list: within(list) };
}

describe('/dashboard/package', () => {
  it('shows the packs with stripped names, prices, and members-only packs marked', async () => {
    await freeZeroPower();
    const { list } = await openPackages();
    const names = list.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual([
      '3000（3000 能量）',
      '10000（1万 能量）',
      '50000（5万 能量）',
      '200000（20万 能量）',
      '1000000（100万 能量）',
    ]);
    // Marked once each, also where the server's hot tag says the same (the 100万 pack).
    const marked = list
      .getAllByRole('listitem')
      .map((item) => within(item).queryAllByText(t('membership:package.vipOnly')).length);
    expect(marked).toEqual([0, 0, 0, 1, 1]);
    expect(list.getByText('¥9.9')).toBeVisible();
    expect(list.getByText('¥12')).toBeVisible();
    // A free user is sent to membership for the members-only packs.
    expect(list.getAllByRole('link', { name: t('membership:package.becomeMember') })).toHaveLength(
      2,
    );
  });

  it('a member can buy the members-only packs', async () => {
    await vipSub();
    const { list } = await openPackages();
    expect(
      await list.findByRole('button', {
        name: t('membership:package.buyLabel', { name: '1000000（100万 能量）' }),
      }),
    ).toBeVisible();
  });

  it('logged out, the pack lookup is refused with "not token" and nothing is sent', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.includes('/payment/')) sent.push(request.url);
    });
    const { paymentApi } = await import('@/api/payment');
    const { testStore } = await import('@/testing/test-store');
    const store = testStore();
    const result = await store.dispatch(paymentApi.endpoints.powerPacks.initiate());
    expect(result.error).toEqual({
      status: 401,
      code: null,
      serverMessage: 'not token',
      kind: 'client',
    });
    const products = await store.dispatch(
      paymentApi.endpoints.subscriptionProducts.initiate({ choosePromotion: true }),
    );
    const status = await store.dispatch(paymentApi.endpoints.subscriptionStatus.initiate());
    expect(products.error).toMatchObject({ serverMessage: 'not token' });
    expect(status.error).toMatchObject({ serverMessage: 'not token' });
    expect(sent).toEqual([]);
  });
});
