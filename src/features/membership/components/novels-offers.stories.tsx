import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
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
 * First visit of the session with a promotion and today's allowance unclaimed: the retention
 * pop-up and the check-in tip; leaving the pop-up's second stage shows the retention tip.
 */
export const FirstVisit: Story = {
  play: async () => {
    await expect(await screen.findByText(t('membership:allowance.tip'))).toBeVisible();
    const offer = within(
      await screen.findByRole('dialog', { name: t('membership:retention.offerTitle') }),
    );
    await userEvent.click(offer.getByRole('button', { name: t('membership:retention.notNow') }));
    const confirm = within(
      await screen.findByRole('dialog', { name: t('membership:retention.confirmTitle') }),
    );
    await userEvent.click(confirm.getByRole('button', { name: t('membership:retention.leave') }));
    await expect(await screen.findByText(t('membership:retention.tip'))).toBeVisible();
  },
};

/** Today's allowance already claimed: no check-in tip (the pop-up still comes). */
export const AllowanceClaimed: Story = {
  parameters: { scenarios: ['signed-in', 'allowance-claimed'] },
  play: async () => {
    await screen.findByRole('dialog', { name: t('membership:retention.offerTitle') });
    await expect(screen.queryByText(t('membership:allowance.tip'))).toBeNull();
  },
};
