import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, userEvent } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import ChargeChartPanel from './charge-chart';
import { MY_SHARE } from './charging.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);

const meta = {
  title: 'Charging/Charge chart',
  component: ChargeChartPanel,
  args: { of: { kind: 'share', shareId: MY_SHARE.share_id } },
  parameters: { msw: { handlers } },
} satisfies Meta<typeof ChargeChartPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const chart = (days: number) => screen.findByRole('img', { name: t('chart.heading', { days }) });

/** A work's tips per day over the last 30 days (the seeded supporters). */
export const Work: Story = {
  play: async () => {
    await expect(await chart(30)).toBeVisible();
  },
};

/** A user's tips per day (all their works), over 90 days. */
export const User90Days: Story = {
  args: { of: { kind: 'user', uid: 'u_author' }, days: 90 },
  play: async () => {
    await expect(await chart(90)).toBeVisible();
  },
};

/** The same numbers as a table. */
export const AsTable: Story = {
  play: async () => {
    await chart(30);
    await userEvent.click(screen.getByRole('button', { name: t('chart.showTable') }));
    await expect(screen.getByRole('table', { name: t('chart.caption') })).toBeVisible();
  },
};

/** A work nobody tipped: the axis and words saying so. */
export const NoTips: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/sharing/:id/charged_chart', () =>
          Response.json({
            days: 7,
            total: 0,
            points: Array.from({ length: 7 }, (_, i) => ({
              date: `2026-11-${String(19 + i)}`,
              amount: 0,
              count: 0,
            })),
          }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('chart.summaryNone', { days: 7 }))).toBeVisible();
  },
};

/** The chart could not be loaded: a retry. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/sharing/:id/charged_chart', () =>
          apiError(50300, 'unavailable', null, 503),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('chart.failed'))).toBeVisible();
  },
};

/** The chart is on its way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(
          '*/api/v2/sharing/:id/charged_chart',
          () => new Promise<never>(() => undefined),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};
