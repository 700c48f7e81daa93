import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderApp } from '@/testing/render';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const COVER = 'data:image/png;base64,iVBORw0KGgo=';

/** One of the author's worlds, shared on the square, with `cover`. */
async function sharedWorld(cover: string) {
  const world = db.worlds.all().find((w) => w.uid === AUTHOR_UID && !w.deleted)!;
  await db.worlds.update((q) => q.where({ id: world.id }), {
    data: (w) => void Object.assign(w, { share_status: 'square', cover }),
  });
  return world;
}

describe('the public share page cover', () => {
  it('opens full size in the image viewer; Esc closes it and focus returns to the cover', async () => {
    const world = await sharedWorld(COVER);
    const { user } = renderApp(`/universe/${world.share_id}`);
    const cover = await screen.findByRole('button', {
      name: t('common:publicShare.viewCover', { title: world.title }),
    });
    await user.click(cover);
    const viewer = within(await screen.findByRole('dialog', { name: t('media:viewer.title') }));
    const image = viewer.getByAltText(t('common:publicShare.cover', { title: world.title }));
    expect(image).toHaveAttribute('src', COVER);
    fireEvent.load(image);
    await user.keyboard('+');
    expect(viewer.getByRole('status', { name: t('media:viewer.zoomLevel') })).toHaveTextContent(
      '150%',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cover).toHaveFocus();
  });

  it('without a cover there is nothing to open', async () => {
    const world = await sharedWorld('');
    renderApp(`/universe/${world.share_id}`);
    expect(await screen.findByRole('heading', { name: world.title })).toBeVisible();
    expect(
      screen.queryByRole('button', {
        name: t('common:publicShare.viewCover', { title: world.title }),
      }),
    ).toBeNull();
  });
});
