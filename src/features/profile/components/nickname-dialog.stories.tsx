import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { monthKey } from '@mocks/handlers/profile';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { NicknameDialog } from './nickname-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function theDialog() {
  return within(await screen.findByRole('dialog', { name: t('account:nickname.title') }));
}

async function typeAndSave(value: string) {
  const dialog = await theDialog();
  const field = await dialog.findByLabelText(t('account:nickname.label'));
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
  await userEvent.click(dialog.getByRole('button', { name: t('account:save') }));
  return { dialog, field };
}

const meta = {
  title: 'Profile/Nickname dialog',
  component: NicknameDialog,
  args: { dialogId: 1, onClose: fn(), current: '墨染青衣' },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof NicknameDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The month's limits are on their way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/self/profile/limits', () => new Promise<never>(() => {})),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('status')).toBeInTheDocument();
  },
};

/** The current nickname, its counter and the changes left. */
export const Ready: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByLabelText(t('account:nickname.label'))).toHaveValue('墨染青衣');
    await expect(dialog.getByText('4/30')).toBeVisible();
    await expect(
      dialog.getByText(t('account:remaining', { remaining: 3, total: 3 })),
    ).toBeVisible();
  },
};

/** Symbols are refused at the field; nothing is sent. */
export const FieldErrorSymbols: Story = {
  play: async () => {
    const { field } = await typeAndSave('ink!');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await expect(field).toHaveAccessibleDescription(
      expect.stringContaining(t('errors:profile.nicknameSymbols')),
    );
  },
};

/** Empty is refused at the field. */
export const FieldErrorEmpty: Story = {
  play: async () => {
    const { dialog } = await typeAndSave('');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('errors:profile.nicknameEmpty'),
    );
  },
};

/** Typing stops at 30 characters: the counter stays at 30/30 and the field says so. */
export const FieldAtLimit: Story = {
  play: async () => {
    const dialog = await theDialog();
    const field = await dialog.findByLabelText(t('account:nickname.label'));
    await userEvent.clear(field);
    await userEvent.type(field, 'a'.repeat(31));
    await expect(field).toHaveValue('a'.repeat(30));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('common:maxLength.typing', { max: 30 }),
    );
    await expect(dialog.getByText('30/30')).toBeVisible();
  },
};

/** The server refuses a sensitive nickname (42253): shown at the field. */
export const ServerRefusesSensitive: Story = {
  play: async () => {
    const { dialog } = await typeAndSave('官方客服');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('errors:profile.nicknameSensitive'),
    );
  },
};

/** The month's changes are used: saving is off and the dialog says why. */
export const LimitReached: Story = {
  loaders: [
    async () => {
      await db.profileLimits.create({
        uid: AUTHOR_UID,
        month: monthKey(),
        avatar_used: 0,
        nickname_used: 3,
      });
    },
  ],
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByText(t('errors:profile.nicknameMonthlyLimit'))).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('account:save') })).toBeDisabled();
  },
};

/** Saved: the dialog closes and a toast confirms. */
export const Success: Story = {
  play: async ({ args }) => {
    await typeAndSave('青衣 2');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(await screen.findByText(t('account:nickname.saved'))).toBeInTheDocument();
  },
};
