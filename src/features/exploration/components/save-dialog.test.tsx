import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { renderWithProviders, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { SaveDialog } from './save-dialog';

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values ?? {});

function authorGameId() {
  const game = db.chatGames
    .findMany((q) => q.where({ uid: AUTHOR_UID }))
    .sort((a, b) => b.updated_at - a.updated_at)[0];
  if (!game) throw new Error('the seed has no chat game of the author');
  return game.id;
}

/** This browser's durable copies of save-point titles. */
const copies = () => Object.keys(localStorage).filter((k) => k.startsWith('texts:save-point:'));

async function renderSave(gameId: string) {
  const onClose = vi.fn();
  const view = renderWithProviders(<SaveDialog gameId={gameId} onClose={onClose} />, {
    preloadedState: await signedInState(),
  });
  const dialog = within(
    await screen.findByRole('dialog', { name: t('exploration:savePoints.saveTitle') }),
  );
  return {
    ...view,
    onClose,
    dialog,
    title: dialog.getByLabelText(t('exploration:savePoints.titleLabel')),
  };
}

describe('SaveDialog: the save-point title is durable text', () => {
  it('a typed title is back after a remount, and gone once the save point is made', async () => {
    const gameId = authorGameId();
    const first = await renderSave(gameId);
    await first.user.type(first.title, '雨夜之前');
    first.unmount();

    const { user, dialog, title, onClose, unmount } = await renderSave(gameId);
    await waitFor(() => expect(title).toHaveValue('雨夜之前'));
    await user.click(dialog.getByRole('button', { name: t('exploration:savePoints.save') }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(db.chatArchives.findFirst((q) => q.where({ title: '雨夜之前' }))).toBeTruthy();
    expect(copies()).toEqual([]);
    unmount();

    const again = await renderSave(gameId);
    expect(again.title).toHaveValue('');
  });

  it('Esc on a typed title asks; 继续编辑 keeps it, 放弃 closes and drops it', async () => {
    const { user, title, onClose } = await renderSave(authorGameId());
    await user.type(title, '半途');
    await user.keyboard('{Escape}');
    const keep = await screen.findByRole('button', { name: t('common:unsaved.keep') });
    expect(keep).toHaveFocus();
    await user.click(keep);
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveValue('半途');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: t('common:actions.cancel') }));
    await user.click(await screen.findByRole('button', { name: t('common:unsaved.discard') }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(copies()).toEqual([]);
  });

  it('closes at once when nothing was typed', async () => {
    const { user, onClose } = await renderSave(authorGameId());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: t('common:unsaved.title') })).toBeNull();
  });
});
