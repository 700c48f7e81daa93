import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { renderWithProviders, signedInState } from '@/testing/render';
import { freeZeroPower } from '@mocks/scenarios/payment';
import { server } from '@mocks/server';
import { NovelsOffersSlot } from './novels-offers-slot';
import { DialogHost } from '@/components/ui/dialog/dialog-host';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Requests for the promotional products (what the offers look up first). */
function watchOfferLookups() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/subscription/products')) seen.push(request.url);
  });
  return seen;
}

afterEach(() => {
  server.events.removeAllListeners('request:start');
  storage.remove(STORAGE_KEYS.retentionPopup);
  storage.remove('checkin_tip');
});

describe('NovelsOffersSlot', () => {
  it('on Novels, logged in, looks the offers up only after the delay, then shows the pop-up', async () => {
    await freeZeroPower();
    const seen = watchOfferLookups();
    renderWithProviders(
      <>
        <NovelsOffersSlot pathname="/dashboard/novels" delayMs={300} />
        <DialogHost />
      </>,
      { preloadedState: await signedInState(), route: '/dashboard/novels' },
    );
    await pause(150);
    expect(seen).toEqual([]);
    expect(
      await screen.findByRole(
        'dialog',
        { name: t('membership:retention.offerTitle') },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toContain('choose_promotion=true');
  });

  it('does nothing on other screens or logged out', async () => {
    const seen = watchOfferLookups();
    renderWithProviders(<NovelsOffersSlot pathname="/dashboard/worlds" delayMs={10} />, {
      preloadedState: await signedInState(),
      route: '/dashboard/worlds',
    });
    renderWithProviders(<NovelsOffersSlot pathname="/dashboard/novels" delayMs={10} />, {
      route: '/dashboard/novels',
    });
    await pause(300);
    expect(seen).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
