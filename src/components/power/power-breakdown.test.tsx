import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { formatExpiry, PowerBreakdown } from './power-breakdown';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const DEC_8 = Date.UTC(2026, 11, 8, -8) / 1000; // 00:00 China time

describe('PowerBreakdown: the free monthly quota (spec 2 §1, §9)', () => {
  it('names a free user’s part the free quota and says when it refreshes, even when spent', () => {
    renderWithProviders(
      <PowerBreakdown
        benefits={{
          vip_words: 0,
          pack_words: 0,
          vip_expiry: DEC_8,
          checkin_words: 0,
          checkin_expiry: null,
          free_refresh_at: DEC_8,
        }}
      />,
    );
    expect(screen.getByText(t('membership:power.free'))).toBeVisible();
    expect(
      screen.getByText(t('membership:power.refreshes', { date: formatExpiry(DEC_8, 'zh') })),
    ).toHaveTextContent(/8 日刷新/);
    expect(screen.queryByText(t('membership:power.member'))).toBeNull();
  });

  it('a member’s part is member power with its expiry', () => {
    renderWithProviders(
      <PowerBreakdown
        benefits={{
          vip_words: 100_000,
          pack_words: 0,
          vip_expiry: DEC_8,
          checkin_words: 0,
          checkin_expiry: null,
          free_refresh_at: null,
        }}
      />,
    );
    expect(screen.getByText(t('membership:power.member'))).toBeVisible();
    expect(screen.queryByText(t('membership:power.free'))).toBeNull();
  });
});
