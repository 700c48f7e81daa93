import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { clockSynced } from '@/core/session-slice';
import { renderWithProviders, signedInState } from '@/testing/render';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { vipNosub } from '@mocks/scenarios/payment';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { VipStatusCard } from './vip-status';

const t = (key: string) => i18next.t(key);

/** The membership (vip_nosub) ends `inS` seconds from the server's now. */
async function memberEndingIn(inS: number) {
  await vipNosub();
  await db.memberships.update((q) => q.where({ uid: AUTHOR_UID }), {
    data: (m) => void (m.expiresTime = clock.nowS() + inS),
  });
}

afterEach(() => vi.useRealTimers());

describe('VipStatusCard judges the membership on the server clock (spec 2 §4)', () => {
  it('says free once the server clock has passed the end, though the device clock has not', async () => {
    await memberEndingIn(3600);
    const { store } = renderWithProviders(<VipStatusCard />, {
      preloadedState: await signedInState(),
    });
    expect(await screen.findByText(t('membership:vip.type.vip_nosub'))).toBeVisible();
    // The time service says the server is two hours ahead of this device.
    act(() => void store.dispatch(clockSynced(2 * 3600_000)));
    expect(await screen.findByText(t('membership:vip.type.free'))).toBeVisible();
  });

  it('turns free when the end passes while the card is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await memberEndingIn(60);
    renderWithProviders(<VipStatusCard />, { preloadedState: await signedInState() });
    expect(await screen.findByText(t('membership:vip.type.vip_nosub'))).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByText(t('membership:vip.type.free'))).toBeVisible();
  });
});
