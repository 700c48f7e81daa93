import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { i18next, loadNamespaces } from '@/lib/i18n';
import { PowerBreakdown } from './power-breakdown';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const DAY = 86400;
const now = Math.floor(Date.UTC(2026, 10, 25) / 1000);

const meta = {
  title: 'Components/Power breakdown',
  component: PowerBreakdown,
  loaders: [() => loadNamespaces(['membership'])],
  args: {
    benefits: {
      vip_words: 100_000,
      vip_expiry: now + 25 * DAY,
      checkin_words: 1500,
      checkin_expiry: now + 40 * DAY,
      pack_words: 12_345,
    },
  },
} satisfies Meta<typeof PowerBreakdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member with check-in power and packs: each part, its expiry, and the spending order. */
export const Member: Story = {
  play: async () => {
    await expect(
      await screen.findByText(t('membership:power.total', { value: '11.38万' })),
    ).toBeVisible();
    await expect(screen.getByText(t('membership:power.order'))).toBeVisible();
  },
};

/** No power at all (a free user at zero): zeros, no expiries. */
export const Empty: Story = {
  args: {
    benefits: {
      vip_words: 0,
      vip_expiry: null,
      checkin_words: 0,
      checkin_expiry: null,
      pack_words: 0,
    },
  },
  play: async () => {
    await expect(
      await screen.findByText(t('membership:power.total', { value: '0' })),
    ).toBeVisible();
  },
};

/** A free user: the monthly quota, with the next 8th it refreshes on (even when spent). */
export const FreeQuota: Story = {
  args: {
    benefits: {
      vip_words: 0,
      vip_expiry: now + 13 * DAY,
      checkin_words: 0,
      checkin_expiry: null,
      pack_words: 0,
      free_refresh_at: now + 13 * DAY,
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('membership:power.free'))).toBeVisible();
    await expect(screen.getByText(/8 日刷新/)).toBeVisible();
  },
};

/** The header menu's compact form. */
export const Compact: Story = {
  args: { compact: true },
  play: async () => {
    await expect(screen.queryByText(t('membership:power.order'))).toBeNull();
  },
};
