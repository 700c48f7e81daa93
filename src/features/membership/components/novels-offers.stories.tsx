import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { handlers } from '@mocks/handlers';
import { CHECKIN_TIP_KEY } from '../model/retention';
import NovelsOffers from './novels-offers';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** A new session as far as the offers know: the pop-up's record and the tip's key cleared. */
const freshSession = () => {
  storage.remove(STORAGE_KEYS.retentionPopup);
  storage.remove(CHECKIN_TIP_KEY);
};

const meta = {
  title: 'Membership/Novels offers',
  component: NovelsOffers,
  loaders: [freshSession],
  parameters: {
    route: '/dashboard/novels',
    appFrame: true,
    scenarios: ['signed-in', 'free-zero-power'],
    msw: { handlers },
  },
} satisfies Meta<typeof NovelsOffers>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * First visit of the session with a promotion (today's allowance claimed, so no check-in tip):
 * the retention pop-up; leaving its second stage shows the retention tip once the page has
 * been quiet for a moment (the dialog store's calm between prompts).
 */
export const FirstVisit: Story = {
  parameters: { scenarios: ['signed-in', 'free-zero-power', 'allowance-claimed'] },
  play: async () => {
    const offer = within(
      await screen.findByRole('dialog', { name: t('membership:retention.offerTitle') }),
    );
    await userEvent.click(offer.getByRole('button', { name: t('membership:retention.notNow') }));
    const confirm = within(
      await screen.findByRole('dialog', { name: t('membership:retention.confirmTitle') }),
    );
    await userEvent.click(confirm.getByRole('button', { name: t('membership:retention.leave') }));
    await expect(await screen.findByText(t('membership:retention.tip'))).toBeVisible();
    await expect(screen.queryByText(t('membership:allowance.tip'))).toBeNull();
  },
};

/**
 * Both due (a promotion, today's allowance unclaimed): the check-in tip and the pop-up are
 * prompts of the dialog store and show one at a time, never together.
 */
export const OneAtATime: Story = {
  play: async () => {
    const tip = () => screen.queryByText(t('membership:allowance.tip'));
    const offer = () =>
      screen.queryByRole('dialog', { name: t('membership:retention.offerTitle') });
    await waitFor(() => expect(tip() ?? offer()).not.toBeNull());
    await expect(tip() && offer()).toBeNull();
  },
};

/** A member is never offered the first-month offer; the check-in tip still shows. */
export const Member: Story = {
  parameters: { scenarios: ['signed-in', 'vip-sub'] },
  play: async () => {
    await expect(await screen.findByText(t('membership:allowance.tip'))).toBeVisible();
    await expect(
      screen.queryByRole('dialog', { name: t('membership:retention.offerTitle') }),
    ).toBeNull();
  },
};
