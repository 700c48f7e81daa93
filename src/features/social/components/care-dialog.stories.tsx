import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { CareDialog } from './care-dialog';
import { FOLLOWED, followLimitReached, NOT_FOLLOWED, SUPPORTER } from './care-dialog.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Social/Care dialog',
  component: CareDialog,
  args: { dialogId: 1, author: NOT_FOLLOWED, onClose: fn() },
  parameters: { scenarios: ['signed-in'], appFrame: true, msw: { handlers } },
} satisfies Meta<typeof CareDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await screen.findByRole('dialog', { name: t('social:care.title') }));

/** After a tip: thanks, and the offer to follow the author; following it says so. */
export const Offer: Story = {
  play: async () => {
    const d = await dialog();
    await expect(d.getByText(t('social:care.offer', { name: NOT_FOLLOWED.name }))).toBeVisible();
    await userEvent.click(
      await d.findByRole('button', {
        name: t('social:follow.buttonLabel', {
          action: t('social:follow.state.follow'),
          name: NOT_FOLLOWED.name,
        }),
      }),
    );
    await expect(
      await d.findByText(t('social:care.alreadyFollowing', { name: NOT_FOLLOWED.name })),
    ).toBeVisible();
  },
};

/** The supporter already follows the author. */
export const AlreadyFollowing: Story = {
  args: { author: FOLLOWED },
  play: async () => {
    const d = await dialog();
    await expect(
      await d.findByText(t('social:care.alreadyFollowing', { name: FOLLOWED.name })),
    ).toBeVisible();
  },
};

/** The follow is refused (the day's follows are used up): the follow message, the offer stays. */
export const FollowRefused: Story = {
  parameters: { msw: { handlers: [...followLimitReached(), ...handlers] } },
  play: async () => {
    const d = await dialog();
    await userEvent.click(
      await d.findByRole('button', {
        name: t('social:follow.buttonLabel', {
          action: t('social:follow.state.follow'),
          name: NOT_FOLLOWED.name,
        }),
      }),
    );
    await expect(await screen.findByText(t('social:follow.errors.dailyLimit'))).toBeVisible();
  },
};

/** A tip to one's own work: the thanks only. */
export const OwnWork: Story = {
  args: { author: SUPPORTER },
  play: async () => {
    const d = await dialog();
    await expect(d.getByText(t('social:care.own'))).toBeVisible();
  },
};
