import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { installManualClock } from '@/testing/manual-clock';
import { renderWithProviders, signedInState } from '@/testing/render';
import { freeZeroPower } from '@mocks/scenarios/payment';
import { server } from '@mocks/server';
import { NovelsOffersSlot } from './novels-offers-slot';
import { DialogHost } from '@/components/ui/dialog/dialog-host';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

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
    const manual = installManualClock();
    renderWithProviders(
      <>
        <NovelsOffersSlot pathname="/dashboard/novels" delayMs={300} />
        <DialogHost />
      </>,
      { preloadedState: await signedInState(), route: '/dashboard/novels' },
    );
    // Just short of the delay: nothing looked up yet.
    await manual.advance(299);
    expect(seen).toEqual([]);
    await manual.advance(1);
    expect(
      await screen.findByRole('dialog', { name: t('membership:retention.offerTitle') }),
    ).toBeVisible();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toContain('choose_promotion=true');
  });

  it('does nothing on other screens or logged out', async () => {
    const seen = watchOfferLookups();
    const manual = installManualClock();
    renderWithProviders(<NovelsOffersSlot pathname="/dashboard/worlds" delayMs={10} />, {
      preloadedState: await signedInState(),
      route: '/dashboard/worlds',
    });
    renderWithProviders(<NovelsOffersSlot pathname="/dashboard/novels" delayMs={10} />, {
      route: '/dashboard/novels',
    });
    // Past the delay: offers that were due would be looked up now.
    await manual.advance(10);
    expect(seen).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
