import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp } from '@/testing/render';

const t = (key: string) => i18next.t(key);
// Screens and dialogs are lazy chunks loaded with their strings: slow on a busy machine.

describe('the about page: getting the app', () => {
  it('opens the platform dialog, which links to the download page', async () => {
    const { user, router } = renderApp('/dashboard/abouts');
    await user.click(await screen.findByRole('button', { name: t('common:abouts.getApp') }));
    const dialog = await screen.findByRole('dialog', { name: t('download:platform.title') });
    expect(
      within(dialog).getByRole('link', { name: t('download:platform.openPage') }),
    ).toHaveAttribute('href', `${window.location.origin}/m/download`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('link', { name: t('common:abouts.downloadPage') }));
    await screen.findByRole('heading', { level: 1, name: t('download:page.label') });
    expect(router.state.location.pathname).toBe('/m/download');
  });
});
