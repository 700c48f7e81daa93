import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);

describe('/dashboard/charge', () => {
  it('shows my totals, the chart of tips to my works and my tips', async () => {
    renderApp('/dashboard/charge', { preloadedState: await signedInState() });
    expect(await screen.findByRole('heading', { name: t('screen.title'), level: 1 })).toBeVisible();
    expect(await screen.findByText(t('screen.given'))).toBeVisible();
    expect(screen.getByText(t('screen.received'))).toBeVisible();
    expect(
      await screen.findByRole('img', { name: t('chart.heading', { days: 30 }) }),
    ).toBeVisible();
    const records = await screen.findByRole('list', { name: t('records.list') });
    expect(within(records).getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it('is titled as the menu item that opens it', async () => {
    renderApp('/dashboard/charge', { preloadedState: await signedInState() });
    expect(
      await screen.findByRole('heading', { name: i18next.t('common:nav.charge'), level: 1 }),
    ).toBeVisible();
  });

  it('opens my supporters from the screen', async () => {
    const { user } = renderApp('/dashboard/charge', { preloadedState: await signedInState() });
    await user.click(await screen.findByRole('button', { name: t('screen.mySupporters') }));
    expect(await screen.findByRole('dialog', { name: t('supporters.titleMine') })).toBeVisible();
    // Named once: never 「我的打赏榜 的打赏榜」.
    expect(t('supporters.titleMine')).toBe(t('screen.mySupporters'));
  });
});

describe('/dashboard/charge: my tips', () => {
  it('names each tipped work by its title, not as an action to take', async () => {
    renderApp('/dashboard/charge', { preloadedState: await signedInState() });
    const records = await screen.findByRole('list', { name: t('records.list') });
    const works = within(records).getAllByRole('link');
    expect(works.length).toBeGreaterThan(0);
    for (const link of works) expect(link.textContent).toMatch(/^《.+》$/);
    // Nothing in a row reads as the tip button does (「打赏《…》」).
    expect(records.textContent).not.toMatch(/打赏《/);
  });
});
