import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { renderApp, renderWithProviders, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { CareDialog } from './care-dialog';
import { FOLLOWED, followLimitReached, NOT_FOLLOWED, SUPPORTER } from './care-dialog.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function renderCare(author = NOT_FOLLOWED) {
  const onClose = vi.fn();
  const view = renderWithProviders(<CareDialog dialogId={1} author={author} onClose={onClose} />, {
    preloadedState: await signedInState(),
  });
  const dialog = within(screen.getByRole('dialog', { name: t('social:care.title') }));
  return { ...view, onClose, dialog };
}

const followButton = (name: string, state = 'follow') =>
  screen.findByRole('button', {
    name: t('social:follow.buttonLabel', { action: t(`social:follow.state.${state}`), name }),
  });

describe('CareDialog', () => {
  it('thanks the supporter and offers to follow the author, the follow button focused', async () => {
    const { dialog } = await renderCare();
    expect(dialog.getByText(t('social:care.thanks', { name: NOT_FOLLOWED.name }))).toBeVisible();
    expect(dialog.getByText(t('social:care.offer', { name: NOT_FOLLOWED.name }))).toBeVisible();
    await waitFor(async () => expect(await followButton(NOT_FOLLOWED.name)).toHaveFocus());
    expect(dialog.getByRole('button', { name: t('social:care.notNow') })).toBeVisible();
  });

  it('follows the author: the server has the follow, a toast says so, the dialog says they follow', async () => {
    const { user, dialog, store } = await renderCare();
    await user.click(await followButton(NOT_FOLLOWED.name));
    expect(
      await dialog.findByText(t('social:care.alreadyFollowing', { name: NOT_FOLLOWED.name })),
    ).toBeVisible();
    // Following, or mutual when the author follows the supporter too.
    const button = dialog.getByRole('button', { name: new RegExp(NOT_FOLLOWED.name) });
    expect(['following', 'mutual']).toContain(button.dataset.state);
    expect(dialog.getByRole('button', { name: t('social:care.done') })).toBeVisible();
    expect(store.getState().toast.current?.msg).toBe(t('social:follow.done'));
    expect(
      db.follows.findFirst((q) => q.where({ follower: AUTHOR_UID, followee: NOT_FOLLOWED._id })),
    ).toBeTruthy();
  });

  it('already following: says so, with a close button', async () => {
    const { dialog } = await renderCare(FOLLOWED);
    expect(
      await dialog.findByText(t('social:care.alreadyFollowing', { name: FOLLOWED.name })),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: t('social:care.done') })).toBeVisible();
    expect(dialog.queryByRole('button', { name: t('social:care.notNow') })).toBeNull();
  });

  it('a refused follow shows the follow message (40329) and leaves the offer', async () => {
    server.use(...followLimitReached());
    const { user, dialog, store } = await renderCare();
    await user.click(await followButton(NOT_FOLLOWED.name));
    await waitFor(() =>
      expect(store.getState().toast.current?.msg).toBe(t('social:follow.errors.dailyLimit')),
    );
    expect(dialog.getByText(t('social:care.offer', { name: NOT_FOLLOWED.name }))).toBeVisible();
  });

  it('"not now" closes it without following', async () => {
    const { user, dialog, onClose } = await renderCare();
    await user.click(dialog.getByRole('button', { name: t('social:care.notNow') }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(
      db.follows.findFirst((q) => q.where({ follower: AUTHOR_UID, followee: NOT_FOLLOWED._id })),
    ).toBeFalsy();
  });

  it('one’s own work: the thanks only, no follow button', async () => {
    const { dialog } = await renderCare(SUPPORTER);
    expect(dialog.getByText(t('social:care.own'))).toBeVisible();
    expect(dialog.queryByRole('button', { name: /关注/ })).toBeNull();
  });
});

describe('the care dialog in the app', () => {
  it('opens by name with the author (as the charge flow will) and closes on Esc', async () => {
    const { user } = renderApp('/dashboard/abouts', { preloadedState: await signedInState() });
    await screen.findByRole('heading', { name: '关于墨境' });
    act(() => void openDialog('care', { author: NOT_FOLLOWED }));
    expect(await screen.findByRole('dialog', { name: t('social:care.title') })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
