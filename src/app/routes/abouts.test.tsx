import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp } from '@/testing/render';
import { formatCount } from '@/lib/number-format';
import { MEMBER_MONTHLY_POWER } from '@/rules/membership';
import { SETTINGS_COPY } from '@mocks/settings-copy';

const t = (key: string) => i18next.t(key);
// Screens and dialogs are lazy chunks loaded with their strings: slow on a busy machine.

describe('the about page: getting the app', () => {
  it('opens the platform dialog, which links to the download page', async () => {
    const { user, router } = renderApp('/dashboard/abouts');
    await user.click(await screen.findByRole('button', { name: t('abouts:getApp') }));
    const dialog = await screen.findByRole('dialog', { name: t('download:platform.title') });
    expect(
      within(dialog).getByRole('link', { name: t('download:platform.openPage') }),
    ).toHaveAttribute('href', `${window.location.origin}/m/download`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('link', { name: t('abouts:downloadPage') }));
    await screen.findByRole('heading', { level: 1, name: t('download:page.label') });
    expect(router.state.location.pathname).toBe('/m/download');
  });
});

describe('the about page: power', () => {
  it("says the members' monthly power as every count is said (10万, not 100000)", async () => {
    renderApp('/dashboard/abouts');
    const monthly = formatCount(MEMBER_MONTHLY_POWER, 'zh');
    // The server's copy once it has loaded; the built-in copy says the same.
    expect(await screen.findByText(new RegExp(`${monthly} 能量`))).toBeVisible();
    expect(t('common:copy.vip_monthly_power')).toContain(monthly);
    expect(SETTINGS_COPY.vip_monthly_power?.en).toContain(formatCount(MEMBER_MONTHLY_POWER, 'en'));
    expect(document.body.textContent).not.toMatch(/\d{5,}/);
  });
});
