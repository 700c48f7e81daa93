import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { MY_SHARE, OTHER_AUTHOR, OTHER_SHARE } from './charging.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The tip and the supporters, opened by name from the pages of other features. */
describe('charging from share pages and author pages', () => {
  it('a shared story: the tip opens the charge dialog for it, the supporters the slider', async () => {
    const { user } = renderApp(`/story/${OTHER_SHARE.share_id}`, {
      preloadedState: await signedInState(),
    });
    await user.click(
      await screen.findByRole('button', {
        name: t('social:supporters.tipLabel', { title: OTHER_SHARE.title }),
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: t('charging:charge.title', { title: OTHER_SHARE.title }),
    });
    expect((await within(dialog).findAllByRole('radio')).length).toBe(4);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: t('social:supporters.open') }));
    expect(
      await screen.findByRole('dialog', {
        name: t('charging:supporters.titleShare', { title: OTHER_SHARE.title }),
      }),
    ).toBeVisible();
  });

  it('my own story: no tip button, the supporters still open', async () => {
    renderApp(`/story/${MY_SHARE.share_id}`, { preloadedState: await signedInState() });
    expect(await screen.findByRole('button', { name: t('social:supporters.open') })).toBeVisible();
    expect(
      screen.queryByRole('button', {
        name: t('social:supporters.tipLabel', { title: MY_SHARE.title }),
      }),
    ).toBeNull();
  });

  it('logged out, the tip asks for the login first', async () => {
    const { user } = renderApp(`/story/${OTHER_SHARE.share_id}`);
    await user.click(
      await screen.findByRole('button', {
        name: t('social:supporters.tipLabel', { title: OTHER_SHARE.title }),
      }),
    );
    expect(await screen.findByRole('dialog', { name: t('common:auth.loginTitle') })).toBeVisible();
  });

  it('an author page: tip (choosing the work) and their supporters', async () => {
    const { user } = renderApp(`/user/${OTHER_AUTHOR._id}`, {
      preloadedState: await signedInState(),
    });
    await user.click(await screen.findByRole('button', { name: t('social:user.tip') }));
    const dialog = await screen.findByRole('dialog', {
      name: t('charging:charge.titleUser', { name: OTHER_AUTHOR.name }),
    });
    expect(
      await within(dialog).findByRole('combobox', { name: t('charging:charge.work') }),
    ).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: t('social:user.supporters') }));
    expect(
      await screen.findByRole('dialog', {
        name: t('charging:supporters.titleUser', { name: OTHER_AUTHOR.name }),
      }),
    ).toBeVisible();
  });
});
