import { describe, expect, it } from 'vitest';
import { clock } from './clock';
import { db } from './db';
import { MockApiError } from './http';
import { FREE_MONTHLY_POWER, nextFreeRefreshS } from '@/rules/membership';
import { freeRefreshAt, grantActivity, powerOf, setPower, spendPower, syncPower } from './power';
import { vipSub } from './scenarios/payment';
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

describe('the free monthly quota (spec 2 §1, §9: refreshed on the 8th)', () => {
  // 00:00 China time (UTC+8) of a day of December 2026, in ms.
  const dec = (day: number, h = 0, m = 0, s = 0) => Date.UTC(2026, 11, day, h - 8, m, s);
  const free = 'u_official'; // no membership in the seed

  it('a free user has the quota, spends it, and gets it back whole on the 8th', async () => {
    clock.pin(dec(2, 12));
    expect(await powerOf(free)).toBe(FREE_MONTHLY_POWER);
    expect(freeRefreshAt(free)).toBe(dec(8) / 1000);
    await spendPower(free, 500);
    clock.pin(dec(7, 23, 59, 59));
    expect(await powerOf(free)).toBe(FREE_MONTHLY_POWER - 500);
    clock.pin(dec(8));
    expect(await powerOf(free)).toBe(FREE_MONTHLY_POWER);
    // The next one is a month on.
    expect(freeRefreshAt(free)).toBe(Date.UTC(2027, 0, 8, -8) / 1000);
    await spendPower(free, FREE_MONTHLY_POWER);
    await expect(spendPower(free, 1)).rejects.toMatchObject({ code: 40260 });
    clock.pin(Date.UTC(2027, 0, 8, -8));
    expect(await powerOf(free)).toBe(FREE_MONTHLY_POWER);
  });

  it('after the 8th of a month, the next refresh is the next month’s 8th', () => {
    expect(nextFreeRefreshS(dec(8) / 1000)).toBe(Date.UTC(2027, 0, 8, -8) / 1000);
    expect(nextFreeRefreshS(dec(31, 23) / 1000)).toBe(Date.UTC(2027, 0, 8, -8) / 1000);
    expect(nextFreeRefreshS(dec(1) / 1000)).toBe(dec(8) / 1000);
  });

  it('a member gets member power, not the quota', async () => {
    clock.pin(dec(2, 12));
    await vipSub(uid);
    expect(freeRefreshAt(uid)).toBeNull();
    await setPower(uid, {});
    clock.pin(dec(9));
    expect(await powerOf(uid)).toBe(0);
  });
});
