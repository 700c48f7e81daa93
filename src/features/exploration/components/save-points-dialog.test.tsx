import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { renderWithProviders, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { serverError } from '@mocks/scenarios';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { SavePointsDialog } from './save-points-dialog';

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values ?? {});

/** A seeded game of the author with one save point. */
function gameWithSavePoint() {
  const archive = db.chatArchives.findMany((q) => q.where({ uid: AUTHOR_UID }))[0];
  if (!archive) throw new Error('the seed has no save point');
  return archive;
}

describe('SavePointsDialog', () => {
  it('names each save point by its kind: the one a branch kept is not called a manual save', async () => {
    const archive = gameWithSavePoint();
    await db.chatArchives.update((q) => q.where({ id: archive.id }), {
      data: (a) => {
        a.kind = 'auto';
      },
    });
    renderWithProviders(
      <SavePointsDialog gameId={archive.game_id} isSaved onLoaded={vi.fn()} onClose={vi.fn()} />,
      { preloadedState: await signedInState(), route: '/exploration' },
    );
    const dialog = await screen.findByRole('dialog', { name: t('exploration:savePoints.title') });
    expect(
      await within(dialog).findByText(new RegExp(t('exploration:savePoints.kinds.auto'))),
    ).toBeVisible();
    expect(t('exploration:savePoints.kinds.auto')).not.toBe(
      t('exploration:savePoints.kinds.manual'),
    );
  });

  it('a save point deleted meanwhile: the confirmation closes and the dialog says it is gone', async () => {
    const archive = gameWithSavePoint();
    const onLoaded = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <SavePointsDialog
        gameId={archive.game_id}
        isSaved={false}
        onLoaded={onLoaded}
        onClose={onClose}
      />,
      { preloadedState: await signedInState(), route: '/exploration' },
    );
    const dialog = await screen.findByRole('dialog', { name: t('exploration:savePoints.title') });
    const load = await within(dialog).findByRole('button', {
      name: t('exploration:savePoints.loadNamed', { title: archive.title }),
    });
    await user.click(load);
    const confirm = within(dialog).getByRole('alertdialog');
    // Deleted elsewhere (another tab, another device) while the question was open.
    await db.chatArchives.deleteMany((q) => q.where({ id: archive.id }));
    await user.click(
      within(confirm).getByRole('button', { name: t('exploration:savePoints.loadAnyway') }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('exploration:errors.archiveMissing'),
    );
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    // The list is read again: the save point is no longer offered.
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('button', {
          name: t('exploration:savePoints.loadNamed', { title: archive.title }),
        }),
      ).toBeNull(),
    );
    expect(onLoaded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a load that fails on the server says the service failed, in the dialog', async () => {
    const archive = gameWithSavePoint();
    const { user } = renderWithProviders(
      <SavePointsDialog gameId={archive.game_id} isSaved onLoaded={vi.fn()} onClose={vi.fn()} />,
      { preloadedState: await signedInState(), route: '/exploration' },
    );
    const dialog = await screen.findByRole('dialog', { name: t('exploration:savePoints.title') });
    const load = await within(dialog).findByRole('button', {
      name: t('exploration:savePoints.loadNamed', { title: archive.title }),
    });
    server.use(...serverError());
    await user.click(load);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /服务出错了，请稍后重试（错误编号：err_\w+）/,
    );
  });

  it("the desk's chapter name is durable text, and the dialog asks before it closes on it", async () => {
    const archive = gameWithSavePoint();
    const render = async () => {
      const onClose = vi.fn();
      const view = renderWithProviders(
        <SavePointsDialog gameId={archive.game_id} isSaved onLoaded={vi.fn()} onClose={onClose} />,
        { preloadedState: await signedInState(), route: '/exploration' },
      );
      const dialog = await screen.findByRole('dialog', { name: t('exploration:savePoints.title') });
      await view.user.click(
        await within(dialog).findByRole('button', { name: t('exploration:desk.open') }),
      );
      const name = within(dialog).getByLabelText(t('exploration:desk.chapterName'));
      return { ...view, onClose, name };
    };
    const first = await render();
    await first.user.type(first.name, '雾港一夜');
    first.unmount();

    const { user, name, onClose } = await render();
    await waitFor(() => expect(name).toHaveValue('雾港一夜'));
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: t('common:unsaved.discard') }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('texts:desk:'))).toEqual([]);
  });
});
