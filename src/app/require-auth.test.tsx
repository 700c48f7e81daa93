import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { allCopies } from '@/lib/durable-text';
import { logOut } from '@/session/logout';
import { refreshSession } from '@/core/refresh';
import { sessionEnded } from '@/core/session-slice';
import { LOGIN_DIALOG_DELAY_MS } from '@/session/startup-outcome';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import { ui } from '@/testing/ui';
import { myWorlds, openEditor, t } from '@/testing/world-screens';
import { db } from '@mocks/db';
import { refreshFails, tokenExpired } from '@mocks/scenarios/session';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';

/**
 * The login guard when a session ends under an open screen (src/app/require-auth.tsx): the
 * screen stays, read-only, under the login dialog, and is live again after the same login.
 */
let manual: ManualClock;
beforeEach(() => {
  manual = installManualClock(Date.now());
});

const background = () => screen.getByLabelText<HTMLTextAreaElement>(t('worlds:fields.background'));
const banner = () => screen.queryByRole('region', { name: t('common:auth.sessionHeldTitle') });
const loginDialog = () => ui.dialog(t('common:auth.loginTitle'));
const serverBackground = (id: string) => db.worlds.findFirst((q) => q.where({ id }))?.background;

async function typeAtEnd(user: UserEvent, text: string) {
  await user.click(background());
  await user.keyboard('{Control>}{End}{/Control}');
  await user.keyboard(text);
}

/** The session's message, then (on the app's clock) the login dialog. */
async function sessionEndAnnounced() {
  await ui.toast(t('errors:sessionExpired'));
  await manual.advance(LOGIN_DIALOG_DELAY_MS);
  return loginDialog();
}

describe('a session that ends under the world editor', () => {
  it('keeps the typed text on view, read-only, and after the same login it is editable and still unsaved', async () => {
    const world = myWorlds()[0]!;
    const { store, user } = await openEditor(world.id);
    await typeAtEnd(user, '未存的一句。');
    const typed = background().value;
    expect(typed).toMatch(/未存的一句。$/);

    await tokenExpired();
    server.use(...refreshFails());
    await act(async () => void (await refreshSession(store)));
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'expired' });

    // The screen stays: its text shown, its region inert, the banner says why.
    expect(await screen.findByRole('region', { name: t('common:auth.sessionHeldTitle') })).toBe(
      document.activeElement,
    );
    expect(background()).toHaveValue(typed);
    expect(background().closest('[inert]')).not.toBeNull();
    expect(screen.queryByText(t('common:auth.loginRequiredTitle'))).toBeNull();
    // Its queries wait for the account: no error block, no retry.
    expect(screen.queryByRole('button', { name: t('common:actions.retry') })).toBeNull();

    const dialog = await sessionEndAnnounced();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await ui.logInWithPhoneIn(dialog, user);

    // Live again, same text, still unsaved, the keyboard back in the field.
    await waitFor(() => expect(banner()).toBeNull());
    expect(background()).toHaveValue(typed);
    expect(background().closest('[inert]')).toBeNull();
    await waitFor(() => expect(background()).toHaveFocus());
    expect(screen.getByText(t('worlds:editor.unsavedHint'))).toBeVisible();
    expect(serverBackground(world.id)).not.toBe(typed);

    await user.keyboard('再写一句。');
    await user.click(screen.getByRole('button', { name: t('worlds:editor.saveInfo') }));
    await waitFor(() => expect(serverBackground(world.id)).toBe(`${typed}再写一句。`));
    expect(screen.queryByText(t('worlds:editor.unsavedHint'))).toBeNull();
  });

  it('keeps the keys typed as the session ends, before the screen turns read-only', async () => {
    const world = myWorlds()[0]!;
    const { store, user } = await openEditor(world.id);
    await typeAtEnd(user, '一');
    const before = background().value;
    // One task: the end, then a key whose change runs before React renders the end.
    act(() => {
      store.dispatch(sessionEnded('expired'));
      fireEvent.change(background(), { target: { value: `${before}二` } });
    });
    expect(await screen.findByRole('region', { name: t('common:auth.sessionHeldTitle') })).toBe(
      document.activeElement,
    );
    expect(background()).toHaveValue(`${before}二`);
    // Kept under the account that typed the rest.
    expect(
      allCopies(`world:${AUTHOR_UID}:${world.id}`).some(
        (c) => c.fields.background === `${before}二`,
      ),
    ).toBe(true);

    await ui.logInWithPhoneIn(await sessionEndAnnounced(), user);
    await waitFor(() => expect(background().closest('[inert]')).toBeNull());
    expect(background()).toHaveValue(`${before}二`);
  });

  it('a save made with the dead token waits for the login and then goes through, with no error shown', async () => {
    const world = myWorlds()[0]!;
    const { user } = await openEditor(world.id);
    await typeAtEnd(user, '保存时已过期。');
    const typed = background().value;

    await tokenExpired();
    server.use(...refreshFails());
    await user.click(screen.getByRole('button', { name: t('worlds:editor.saveInfo') }));
    const dialog = await sessionEndAnnounced();
    const form = background().closest('form')!;
    expect(banner()).not.toBeNull();
    expect(background()).toHaveValue(typed);
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(serverBackground(world.id)).not.toBe(typed);

    // The waiting save, sent again after the login, is held on its way for a moment: what is
    // typed meanwhile must outlive its answer.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived = false;
    server.use(
      http.patch('*/api/v1/universes/:id', async () => {
        arrived = true;
        await gate;
      }),
    );
    await ui.logInWithPhoneIn(dialog, user);
    await waitFor(() => expect(arrived).toBe(true));
    await waitFor(() => expect(background().closest('[inert]')).toBeNull());
    await user.click(background());
    await user.keyboard('{Control>}{End}{/Control}又一句。');
    release();
    await waitFor(() => expect(serverBackground(world.id)).toBe(typed));
    await ui.toast(t('worlds:editor.saved'));
    expect(background()).toHaveValue(`${typed}又一句。`);
    expect(screen.getByText(t('worlds:editor.unsavedHint'))).toBeVisible();
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: t('worlds:editor.saveInfo') }));
    await waitFor(() => expect(serverBackground(world.id)).toBe(`${typed}又一句。`));
  });

  it('another account signing in gets the screen anew, without the earlier account’s text', async () => {
    const world = myWorlds()[0]!;
    const { store, user } = await openEditor(world.id);
    await typeAtEnd(user, '只属于作者。');
    const typed = background().value;

    await tokenExpired();
    server.use(...refreshFails());
    await act(async () => void (await refreshSession(store)));
    const dialog = await sessionEndAnnounced();
    await ui.logInWithPhoneIn(dialog, user, '13900139001');

    await waitFor(() => expect(store.getState().session.uid).not.toBe(AUTHOR_UID));
    await waitFor(() => expect(banner()).toBeNull());
    await waitFor(() => expect(screen.queryByDisplayValue(typed)).toBeNull());
    expect(screen.queryByText(/只属于作者。/)).toBeNull();
    // The author's copy is still kept, under the author.
    expect(
      allCopies(`world:${AUTHOR_UID}:${world.id}`).some((c) => c.fields.background === typed),
    ).toBe(true);
  });

  it('a deliberate logout still gives the sign-in panel, not the screen', async () => {
    const world = myWorlds()[0]!;
    const { store, user } = await openEditor(world.id);
    await typeAtEnd(user, '登出前。');
    // The one logout (the account menu's), which the menu's own tests open and click.
    await act(() => logOut(store.dispatch));
    expect(
      await screen.findByRole('heading', { name: t('common:auth.loginRequiredTitle') }),
    ).toBeInTheDocument();
    expect(banner()).toBeNull();
    expect(screen.queryByLabelText(t('worlds:fields.background'))).toBeNull();
  });
});
