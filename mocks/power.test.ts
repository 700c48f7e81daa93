import { describe, expect, it } from 'vitest';
import { clock } from './clock';
import { db } from './db';
import { MockApiError } from './http';
import { grantActivity, powerOf, setPower, spendPower, syncPower } from './power';
import { AUTHOR_UID } from './seed-ids';

const uid = AUTHOR_UID;
const grants = () =>
  db.powerGrants
    .findMany((q) => q.where({ uid }))
    .sort((a, b) => a.expires_at - b.expires_at)
    .map((g) => g.amount_left);

describe('the power accounts (mocks/power.ts)', () => {
  it('spends member power, then activity grants soonest expiry first, then packs', async () => {
    const now = clock.nowS();
    await setPower(uid, { member: 100, pack: 1_000 });
    await grantActivity(uid, 300, now + 3_000, 'activity');
    await grantActivity(uid, 200, now + 1_000, 'checkin', '2026-11-25');
    await spendPower(uid, 350);
    const row = db.benefits.findFirst((q) => q.where({ uid }))!;
    expect([row.vip_words, row.pack_words]).toEqual([0, 1_000]);
    expect(grants()).toEqual([0, 250]);
    // The check-in mirror: the live sum and the soonest expiry of a grant with power left.
    expect([row.checkin_words, row.checkin_expiry]).toEqual([250, now + 3_000]);
    await spendPower(uid, 100);
    expect(await powerOf(uid)).toBe(1_150);
  });

  it('expired activity power is not spendable and leaves the balance', async () => {
    const now = clock.nowS();
    await setPower(uid, { pack: 10 });
    await grantActivity(uid, 500, now + 60, 'activity');
    expect(await powerOf(uid)).toBe(510);
    clock.shift(61_000);
    expect(await powerOf(uid)).toBe(10);
    expect((await syncPower(uid)).checkin_expiry).toBe(0);
    await expect(spendPower(uid, 100)).rejects.toMatchObject({ code: 40260 });
    await expect(spendPower(uid, 100)).rejects.toBeInstanceOf(MockApiError);
    expect(await powerOf(uid)).toBe(10);
  });

  it('member power past its expiry is gone', async () => {
    await setPower(uid, { member: 1_000, memberExpiry: clock.nowS() + 10 });
    clock.shift(11_000);
    expect(await powerOf(uid)).toBe(0);
  });
});
