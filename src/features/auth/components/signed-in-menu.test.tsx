import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp, renderWithProviders, signedInState } from '@/testing/render';
import { vipSub } from '@mocks/scenarios/payment';
import { SignedInMenu } from './signed-in-menu';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

describe('SignedInMenu', () => {
  it('shows the power balance broken down (member, activity and check-in, packs) when opened', async () => {
    await vipSub();
    const { user } = renderWithProviders(<SignedInMenu />, {
      preloadedState: await signedInState(),
      route: '/dashboard/novels',
    });
    await user.click(screen.getByRole('button', { name: new RegExp(t('common:auth.account')) }));
    const parts = await screen.findByText(t('membership:power.member'));
    const list = within(parts.closest('dl')!);
    expect(list.getByText(t('membership:power.activity'))).toBeVisible();
    expect(list.getByText(t('membership:power.pack'))).toBeVisible();
    expect(list.getByText('10万')).toBeVisible();
  });

  it.each([
    ['common:auth.editProfile', 'account:userInfo.title'],
    ['common:auth.feedback', 'account:feedback.title'],
  ])(
    'a dialog opened from the menu (%s) gives the focus back to the menu button',
    async (item, title) => {
      const { user } = renderApp('/dashboard/novels', { preloadedState: await signedInState() });
      const trigger = await screen.findByRole('button', {
        name: new RegExp(t('common:auth.account')),
      });
      await user.click(trigger);
      await user.click(await screen.findByRole('button', { name: t(item) }));
      await screen.findByRole('dialog', { name: t(title) });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: t(title) })).toBeNull());
      await waitFor(() => expect(trigger).toHaveFocus());
    },
  );
});
