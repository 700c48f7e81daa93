import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { refreshFails, tokenExpired } from '@/mocks/scenarios/session';
import { server } from '@/mocks/server';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';

const t = (key: string) => i18next.t(key);

/**
 * Issue 3, "Bad input and faults": a session whose refresh is refused ends cleanly, seen
 * from the whole app (the scenario `signed-in,token-expired,refresh-fails`).
 */
describe('a refused token refresh (refresh-fails)', () => {
  it('shows the expiry message, then the login dialog, and leaves nothing half logged in', async () => {
    const preloadedState = await signedInState();
    await tokenExpired();
    server.use(...refreshFails());
    const { store } = renderApp('/dashboard/worlds', { preloadedState });

    await ui.toast(t('errors:sessionExpired'));
    expect(
      await screen.findByRole('dialog', { name: t('common:auth.loginTitle') }),
    ).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({
      uid: null,
      accessToken: null,
      refreshToken: null,
      endedBy: 'expired',
    });
    await waitFor(() => expect(storage.get(STORAGE_KEYS.session)).toBeNull());
    // The guarded screen asks for a login again; no screen of the old session stays.
    expect(
      await screen.findByRole('heading', { name: t('common:auth.loginRequiredTitle') }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: t('common:auth.login') }).length).toBeGreaterThan(
      0,
    );
  });
});
