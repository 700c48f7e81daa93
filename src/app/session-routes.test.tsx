import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '@/core/session-slice';
import { LOGIN_DIALOG_DELAY_MS } from '@/session/startup-outcome';
import { installManualClock } from '@/testing/manual-clock';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { db } from '@mocks/db';
import { refreshFails, tokenExpired } from '@mocks/scenarios/session';
import { server } from '@mocks/server';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';

const t = (key: string) => i18next.t(key);

/** The end of a session seen from the whole app (spec 1 §2, §4; spec 2 §4). */
describe('a refused token refresh (refresh-fails)', () => {
  it('shows the expiry message, then the login dialog, and leaves nothing half logged in', async () => {
    const manual = installManualClock(Date.now());
    const preloadedState = await signedInState();
    await tokenExpired();
    server.use(...refreshFails());
    const { store } = renderApp('/dashboard/worlds', { preloadedState });

    await ui.toast(t('errors:sessionExpired'));
    // The login dialog follows the message by LOGIN_DIALOG_DELAY_MS on the app's clock.
    await manual.advance(LOGIN_DIALOG_DELAY_MS);
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
    // The screen the session ended on stays, read-only under a banner that asks for the
    // login (its calls wait for the account); the header offers the login too.
    const banner = screen.getByRole('region', { name: t('common:auth.sessionHeldTitle') });
    expect(within(banner).getByRole('button', { name: t('common:auth.login') })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: t('worlds:list.title') }).closest('[inert]'),
    ).not.toBeNull();
    expect(screen.queryByText(t('common:auth.loginRequiredTitle'))).toBeNull();
    expect(screen.getAllByRole('button', { name: t('common:auth.login') }).length).toBeGreaterThan(
      1,
    );
  });
});

describe('a session that ends under several calls at once', () => {
  it('opens the login dialog once, so what the user types there stays', async () => {
    const manual = installManualClock(Date.now());
    const preloadedState = await signedInState();
    await tokenExpired();
    server.use(...refreshFails());
    const { store, user } = renderApp('/dashboard/worlds', { preloadedState });
    await ui.toast(t('errors:sessionExpired'));
    await manual.advance(LOGIN_DIALOG_DELAY_MS);
    const dialog = await screen.findByRole('dialog', { name: t('common:auth.loginTitle') });
    const phone = within(dialog).getByLabelText(t('auth:phone'));
    await user.type(phone, '13800138000');
    // Late failures of the old session's calls report it again: nothing re-opens.
    store.dispatch(sessionEnded('expired'));
    // Once its listener has run, past the login dialog's delay on the app's clock: a second
    // dialog would have opened by then.
    await act(async () => undefined);
    await manual.advance(LOGIN_DIALOG_DELAY_MS + 300);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByLabelText(t('auth:phone'))).toHaveValue('13800138000');
  });
});

describe('logout', () => {
  it('from the account menu revokes the session and goes to Novels (spec 1 §2)', async () => {
    const preloadedState = await signedInState();
    const { store, router, user } = renderApp('/dashboard/worlds', { preloadedState });
    await ui.logOut(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/novels'));
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'logout' });
    const token = preloadedState.session.accessToken!;
    expect(db.sessions.findFirst((q) => q.where({ access_token: token }))?.revoked).toBe(true);
    await waitFor(() => expect(storage.get(STORAGE_KEYS.session)).toBeNull());
  });
});
