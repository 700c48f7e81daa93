import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import ChargeChartPanel, { ChargeChartView } from './charge-chart';
import { MY_SHARE } from './charging.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);

const chart = {
  days: 7,
  total: 6100,
  points: [
    { date: '2026-11-19', amount: 0, count: 0 },
    { date: '2026-11-20', amount: 100, count: 1 },
    { date: '2026-11-21', amount: 0, count: 0 },
    { date: '2026-11-22', amount: 5000, count: 1 },
    { date: '2026-11-23', amount: 0, count: 0 },
    { date: '2026-11-24', amount: 1000, count: 2 },
    { date: '2026-11-25', amount: 0, count: 0 },
  ],
};

describe('ChargeChartView', () => {
  it('draws a labelled, described bar a day and offers the same numbers as a table', async () => {
    const { user } = renderWithProviders(<ChargeChartView chart={chart} />);
    const img = screen.getByRole('img', { name: t('chart.heading', { days: 7 }) });
    expect(img).toHaveAccessibleDescription(
      t('chart.summary', { total: '6100', count: 4, date: '11-22', amount: '5000' }),
    );
    const bars = img.querySelectorAll('rect');
    expect(bars).toHaveLength(7);
    const tallest = [...bars].reduce((a, b) =>
      Number(b.getAttribute('height')) > Number(a.getAttribute('height')) ? b : a,
    );
    expect(tallest.dataset.amount).toBe('5000');

    await user.click(screen.getByRole('button', { name: t('chart.showTable') }));
    const table = screen.getByRole('table', { name: t('chart.caption') });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[4]!).getByRole('rowheader')).toHaveTextContent('2026-11-22');
    expect(screen.queryByRole('img', { name: t('chart.heading', { days: 7 }) })).toBeNull();
  });

  it('says when there were no tips', () => {
    renderWithProviders(
      <ChargeChartView
        chart={{
          ...chart,
          total: 0,
          points: chart.points.map((p) => ({ ...p, amount: 0, count: 0 })),
        }}
      />,
    );
    expect(screen.getByText(t('chart.summaryNone', { days: 7 }))).toBeVisible();
  });
});

describe('ChargeChartPanel', () => {
  it('charts a share’s last 30 days from the backend', async () => {
    renderWithProviders(<ChargeChartPanel of={{ kind: 'share', shareId: MY_SHARE.share_id }} />);
    const img = await screen.findByRole('img', { name: t('chart.heading', { days: 30 }) });
    expect(img.querySelectorAll('rect')).toHaveLength(30);
  });

  it('a user that does not exist (40407)', async () => {
    renderWithProviders(<ChargeChartPanel of={{ kind: 'user', uid: 'u_nope' }} />);
    expect(await screen.findByText(t('errors.userMissing'))).toBeVisible();
  });
});
