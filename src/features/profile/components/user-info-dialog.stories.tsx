import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { monthKey } from '@mocks/handlers/profile';
import { networkDown } from '@mocks/scenarios';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { UserInfoDialog } from './user-info-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function theDialog() {
  return within(await screen.findByRole('dialog', { name: t('account:userInfo.title') }));
}

const meta = {
  title: 'Profile/User info dialog',
  component: UserInfoDialog,
  args: { dialogId: 1, onClose: fn() },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof UserInfoDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The profile and limits are on their way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/self/profile', () => new Promise<never>(() => {})),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('status')).toBeInTheDocument();
  },
};

/** Avatar and nickname with the month's changes left. */
export const Loaded: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByTestId('avatar-remaining')).toHaveTextContent(
      t('account:remaining', { remaining: 5, total: 5 }),
    );
    await expect(
      dialog.getByRole('button', { name: t('account:userInfo.changeAvatar') }),
    ).toBeEnabled();
  },
};

/** All changes of the month are used: both buttons are off and say why. */
export const LimitsReached: Story = {
  loaders: [
    async () => {
      await db.profileLimits.create({
        uid: AUTHOR_UID,
        month: monthKey(),
        avatar_used: 5,
        nickname_used: 3,
      });
    },
  ],
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByText(t('errors:profile.avatarMonthlyLimit'))).toBeVisible();
    await expect(dialog.getByText(t('errors:profile.nicknameMonthlyLimit'))).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: t('account:userInfo.changeAvatar') }),
    ).toBeDisabled();
    await expect(
      dialog.getByRole('button', { name: t('account:userInfo.changeNickname') }),
    ).toBeDisabled();
  },
};

/** The profile could not be loaded: an error with a retry button. */
export const LoadError: Story = {
  parameters: { msw: { handlers: networkDown() } },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByText(t('account:userInfo.loadError'))).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('common:actions.retry') })).toBeVisible();
  },
};

/** Change avatar opens the cropper for a 1:1 head image. */
export const ChangeAvatar: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(
      await dialog.findByRole('button', { name: t('account:userInfo.changeAvatar') }),
    );
    const cropper = within(await screen.findByRole('dialog', { name: t('media:cropper.title') }));
    await expect(cropper.getByRole('button', { name: t('media:cropper.choose') })).toBeVisible();
    await expect(cropper.queryByRole('button', { name: '1:2' })).toBeNull();
  },
};
