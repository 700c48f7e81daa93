import { describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { db } from '@mocks/db';
import { monthKey } from '@mocks/handlers/profile';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderWithProviders, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { UserInfoDialog } from './user-info-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function renderUserInfo() {
  const view = renderWithProviders(<UserInfoDialog dialogId={1} onClose={vi.fn()} />, {
    preloadedState: await signedInState(),
  });
  return { ...view, dialog: within(await ui.dialog(t('account:userInfo.title'))) };
}

describe('UserInfoDialog', () => {
  it('shows the nickname and the changes left for the avatar and the nickname', async () => {
    const { dialog } = await renderUserInfo();
    const name = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.nickname;
    expect(await dialog.findByText(name)).toBeInTheDocument();
    expect(dialog.getByTestId('avatar-remaining')).toHaveTextContent(
      t('account:remaining', { remaining: 5, total: 5 }),
    );
    expect(dialog.getByTestId('nickname-remaining')).toHaveTextContent(
      t('account:remaining', { remaining: 3, total: 3 }),
    );
  });

  it('opens the nickname dialog with the current name, and the cropper for a 1:1 head image', async () => {
    const { dialog, user } = await renderUserInfo();
    await user.click(
      await dialog.findByRole('button', { name: t('account:userInfo.changeNickname') }),
    );
    const name = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.nickname;
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({
      name: 'nickname',
      props: { current: name },
    });
    await user.click(dialog.getByRole('button', { name: t('account:userInfo.changeAvatar') }));
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({
      name: 'cropper',
      props: { headImage: true },
    });
  });

  it('disables the avatar change once the month’s 5 are used', async () => {
    await db.profileLimits.create({
      uid: AUTHOR_UID,
      month: monthKey(),
      avatar_used: 5,
      nickname_used: 1,
    });
    const { dialog } = await renderUserInfo();
    expect(await dialog.findByText(t('errors:profile.avatarMonthlyLimit'))).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: t('account:userInfo.changeAvatar') })).toBeDisabled();
    expect(dialog.getByTestId('nickname-remaining')).toHaveTextContent(
      t('account:remaining', { remaining: 2, total: 3 }),
    );
  });
});
