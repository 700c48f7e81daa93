import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import ChargeScreen from './charge-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);
const STATS = '*/api/v1/user/charged_stats';

const meta = {
  title: 'Charging/Charge screen',
  component: ChargeScreen,
  parameters: { scenarios: ['signed-in'], route: '/', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof ChargeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in author: totals given and received, the chart of tips to their works, their tips. */
export const Author: Story = {
  play: async () => {
    await expect(await screen.findByText(t('screen.received'))).toBeVisible();
    await expect(
      await screen.findByRole('img', { name: t('chart.heading', { days: 30 }) }),
    ).toBeVisible();
  },
};

/** Nothing tipped or received yet. */
export const NothingYet: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(STATS, () =>
          Response.json({
            latest_charged_at: null,
            given_total: 0,
            given_count: 0,
            received_total: 0,
            received_count: 0,
          }),
        ),
        mswHttp.get('*/api/v1/user/charged_records', () =>
          Response.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('screen.never'))).toBeVisible();
    await expect(await screen.findByText(t('records.empty'))).toBeVisible();
  },
};

/** The totals could not be loaded: a retry (the rest still shows). */
export const StatsFailed: Story = {
  parameters: {
    msw: {
      handlers: [mswHttp.get(STATS, () => apiError(50300, 'unavailable', null, 503)), ...handlers],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('screen.statsFailed'))).toBeVisible();
  },
};

/** On its way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(STATS, () => new Promise<never>(() => undefined)),
        mswHttp.get('*/api/v1/user/charged_records', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};
