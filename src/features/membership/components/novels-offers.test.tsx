import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { renderWithProviders, signedInState } from '@/testing/render';
import { server } from '@mocks/server';
import { allowanceClaimed, freeZeroPower } from '@mocks/scenarios/payment';
import { CHECKIN_TIP_KEY } from '../model/retention';
import NovelsOffers from './novels-offers';

const t = (key: string) => i18next.t(key);
const offerName = () => t('membership:retention.offerTitle');

afterEach(() => {
  server.events.removeAllListeners('request:end');
  storage.remove(STORAGE_KEYS.retentionPopup);
  storage.remove(CHECKIN_TIP_KEY);
});

/** Resolves once the membership status has been answered. */
function statusAnswered() {
  return new Promise<void>((resolve) => {
    server.events.on('request:end', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/subscription/status')) resolve();
    });
  });
}

async function renderOffers() {
  const answered = statusAnswered();
  const view = renderWithProviders(
    <>
      <NovelsOffers />
      <DialogHost />
    </>,
    { preloadedState: await signedInState() },
  );
  return { ...view, answered };
}

describe('NovelsOffers', () => {
  it('offers the first-month offer to a free user', async () => {
    await freeZeroPower();
    await allowanceClaimed();
    await renderOffers();
    expect(await screen.findByRole('dialog', { name: offerName() })).toBeVisible();
  });

  it('never offers it to a member (the seeded author is one)', async () => {
    await allowanceClaimed();
    const { answered } = await renderOffers();
    await answered;
    // The decision is taken in the render after the answer; no prompt waits or shows.
    await waitFor(() => expect(storage.get(STORAGE_KEYS.retentionPopup)).toBeNull());
    expect(screen.queryByRole('dialog', { name: offerName() })).toBeNull();
    expect(dialogStore.getSnapshot()).toEqual([]);
  });
});
