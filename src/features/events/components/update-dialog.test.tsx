import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Release } from '@/api/events';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { renderApp, renderWithProviders } from '@/testing/render';
import { releasesIn } from '@mocks/handlers/events';
import { UpdateDialog } from './update-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const RELEASES: Release[] = releasesIn('zh');
const [NEWEST, PREVIOUS] = RELEASES as [Release, Release];

const seen = () => JSON.parse(localStorage.getItem('pro_release_seen') ?? 'null') as unknown;

function renderDialog(releases: Release[] = [NEWEST]) {
  localStorage.setItem(
    'pro_release_seen',
    JSON.stringify({ value: { version: PREVIOUS.version, since: 100 }, expire: null }),
  );
  const onClose = vi.fn();
  const view = renderWithProviders(
    <UpdateDialog dialogId={1} releases={releases} onClose={onClose} />,
    { route: '/dashboard/novels' },
  );
  const dialog = within(
    screen.getByRole('dialog', { name: t('events:update.title', { version: NEWEST.version }) }),
  );
  return { ...view, onClose, dialog };
}

describe('UpdateDialog', () => {
  it('shows what is new in the newest version: its title, date and notes, and a way to the history', () => {
    const { dialog } = renderDialog();
    expect(dialog.getByText(NEWEST.title)).toBeInTheDocument();
    const notes = dialog.getByRole('list', {
      name: t('events:update.notesOf', { version: NEWEST.version }),
    });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NEWEST.notes);
    expect(dialog.getByRole('link', { name: t('events:update.history') })).toHaveAttribute(
      'href',
      '/history',
    );
    expect(dialog.queryByText(t('events:update.earlier', { count: 1 }))).toBeNull();
  });

  it('says how many earlier releases also came since the last visit', () => {
    const { dialog } = renderDialog(RELEASES.slice(0, 3));
    expect(dialog.getByText(t('events:update.earlier', { count: 2 }))).toBeInTheDocument();
  });

  it('acknowledge writes the version to pro_release_seen (keeping the first visit) and closes', async () => {
    const { dialog, user, onClose } = renderDialog();
    const button = dialog.getByRole('button', { name: t('events:update.acknowledge') });
    expect(button).toHaveFocus();
    await user.click(button);
    expect(seen()).toEqual({ value: { version: NEWEST.version, since: 100 }, expire: null });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closing with Esc counts as seen too: shown once per version', async () => {
    const { user, onClose } = renderDialog();
    await user.keyboard('{Escape}');
    expect(seen()).toMatchObject({ value: { version: NEWEST.version } });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('the history link acknowledges and leads to /history', async () => {
    const { dialog, user, onClose, router } = renderDialog();
    await user.click(dialog.getByRole('link', { name: t('events:update.history') }));
    expect(seen()).toMatchObject({ value: { version: NEWEST.version } });
    expect(onClose).toHaveBeenCalledOnce();
    expect(router?.state.location.pathname).toBe('/history');
  });
});

describe('the update dialog in the app', () => {
  it('opens by name from the registry, and its link shows the history', async () => {
    const { user, router } = renderApp('/dashboard/abouts');
    await screen.findByRole('heading', { name: '关于墨境' });
    act(() => void openDialog('update', { releases: [NEWEST] }));
    const dialog = await screen.findByRole('dialog', {
      name: t('events:update.title', { version: NEWEST.version }),
    });
    await user.click(within(dialog).getByRole('link', { name: t('events:update.history') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The history screen is a lazy route: the location changes once it has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    expect(
      await screen.findByRole('heading', { name: t('events:history.heading') }),
    ).toBeInTheDocument();
  });
});
