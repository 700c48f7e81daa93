import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { createStorage, storage, STORAGE_KEYS } from '@/lib/storage';
import { renderWithProviders, signedInState } from '@/testing/render';
import { AUTHOR_UID } from '@mocks/seed-ids';
import ChargeTip from './charge-tip';
import { CHARGE_TIP_TTL_MS, chargeTipDue, markChargeTip } from './charge-tip-key';
import { SupportersSlot } from './supporters-slot';

const tipText = () => i18next.t('social:supporters.chargeTip');
const other = { _id: 'u_other', name: '姚昊天', avatar: '', is_official: false };
const me = { _id: AUTHOR_UID, name: '墨染青衣', avatar: '', is_official: false };

afterEach(() => storage.clear());

describe('chargeTipDue', () => {
  it('only for a signed-in viewer of someone else’s work, until the key is set', () => {
    let now = 1_000_000;
    const s = createStorage({ backend: () => null, now: () => now });
    expect(chargeTipDue(s, { signedIn: false, ownWork: false })).toBe(false);
    expect(chargeTipDue(s, { signedIn: true, ownWork: true })).toBe(false);
    expect(chargeTipDue(s, { signedIn: true, ownWork: false })).toBe(true);
    markChargeTip(s);
    expect(chargeTipDue(s, { signedIn: true, ownWork: false })).toBe(false);
    // The key lasts 30 days: then the tip is due once more.
    now += CHARGE_TIP_TTL_MS - 1;
    expect(chargeTipDue(s, { signedIn: true, ownWork: false })).toBe(false);
    now += 1;
    expect(chargeTipDue(s, { signedIn: true, ownWork: false })).toBe(true);
  });
});

describe('the charge tip beside the tip button', () => {
  const slot = (author = other) => (
    <SupportersSlot kind="story" shareId="s1" title="白鹿旧事" author={author} />
  );

  it('shows the first time on someone else’s work, sets the key, and not the next time', async () => {
    const preloadedState = await signedInState();
    const first = renderWithProviders(slot(), { preloadedState });
    expect(await screen.findByRole('status')).toHaveTextContent(tipText());
    // Set in the tip's effect, after the commit that shows it (the tip is a lazy chunk, so
    // that commit comes outside act and its effect may not have run yet).
    await waitFor(() => expect(storage.get(STORAGE_KEYS.chargeTip)).toBe(true));
    first.unmount();
    renderWithProviders(slot(), { preloadedState });
    expect(screen.getByRole('button', { name: /打赏《白鹿旧事》/ })).toBeVisible();
    expect(screen.queryByText(tipText())).toBeNull();
  });

  it('not on one’s own work, and not logged out', async () => {
    const own = renderWithProviders(slot(me), { preloadedState: await signedInState() });
    expect(screen.queryByText(tipText())).toBeNull();
    own.unmount();
    renderWithProviders(slot());
    expect(screen.getByRole('button', { name: /打赏《白鹿旧事》/ })).toBeVisible();
    expect(screen.queryByText(tipText())).toBeNull();
    expect(storage.get(STORAGE_KEYS.chargeTip)).toBeNull();
  });

  it('goes after its time (5 s; shortened here)', async () => {
    render(<ChargeTip ms={50} />);
    const tip = screen.getByRole('status');
    expect(tip).toHaveTextContent(tipText());
    await waitForElementToBeRemoved(tip);
  });
});
