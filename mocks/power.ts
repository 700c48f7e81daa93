import { FREE_MONTHLY_POWER, isVipAt, nextFreeRefreshS } from '@/rules/membership';
import { planSpend, powerBalance } from '@/rules/power';
import { clock } from './clock';
import { db, type BenefitsRecord } from './db';
import { fail } from './http';

/**
 * The power accounts of the mock server, and the one place power is spent (spec 2 §1
 * consumption order, `planSpend` in src/rules/power.ts): continuation and the lab
 * (handlers/writing.ts) and charges (handlers/charging.ts) all call `spendPower`.
 *
 * - member (or free) power: `benefits.vip_words`, until `vip_expiry` (0: no expiry);
 * - activity power: `powerGrants` rows (daily claims, charges received), each with its expiry;
 *   `benefits.checkin_words` / `checkin_expiry` mirror their sum and soonest expiry, so
 *   getWritingBenefits keeps its shape;
 * - packs: `benefits.pack_words`, never expire.
 */

const EMPTY = {
  vip_words: 0,
  pack_words: 0,
  vip_expiry: 0,
  checkin_words: 0,
  checkin_expiry: 0,
};

let grantSeq = 0;

/** The caller's benefits row, created empty when missing. */
export async function benefitsRow(uid: string): Promise<BenefitsRecord> {
  return (
    db.benefits.findFirst((q) => q.where({ uid })) ?? (await db.benefits.create({ uid, ...EMPTY }))
  );
}

/** The live activity grants of a user (unexpired, not used up), soonest expiry first. */
export function liveGrants(uid: string, nowS = clock.nowS()) {
  return db.powerGrants
    .findMany((q) => q.where({ uid }))
    .filter((g) => g.expires_at > nowS && g.amount_left > 0)
    .sort((a, b) => a.expires_at - b.expires_at || a.id.localeCompare(b.id));
}

/**
 * Whether `uid` holds a membership now, or one that auto-renews past its end (payments.ts
 * renews it when it is next read): such a user gets member power, not the free quota.
 */
export function memberOrRenewing(uid: string, now = clock.nowS()): boolean {
  const m = db.memberships.findFirst((q) => q.where({ uid }));
  return isVipAt(m, now) || (!!m && m.viptype !== 0 && m.autoRenew && m.expiresTime <= now);
}

/**
 * Brings the stored balance up to the clock: expired grants are dropped (used-up ones stay
 * until then: a day's claim is remembered by its grant), member or free power past its expiry
 * is gone, and the check-in mirror is recomputed. A user without a membership gets the free
 * monthly quota (spec 2 §1, §9) in the member-or-free part, until the next 8th, when it is
 * refilled whole (what was left is not carried over). Every read of the balance goes through
 * here first.
 */
export async function syncPower(uid: string): Promise<BenefitsRecord> {
  const now = clock.nowS();
  await benefitsRow(uid);
  db.powerGrants.deleteMany((q) => q.where({ uid, expires_at: (e: number) => e <= now }));
  const grants = liveGrants(uid, now);
  const sum = grants.reduce((s, g) => s + g.amount_left, 0);
  const soonest = grants[0]?.expires_at ?? 0;
  const row = db.benefits.findFirst((q) => q.where({ uid }))!;
  const memberGone = row.vip_expiry > 0 && row.vip_expiry <= now;
  // None given yet (no expiry, nothing left) or the last one over: a free user's quota is due.
  const quotaDue =
    (memberGone || (row.vip_expiry === 0 && row.vip_words === 0)) && !memberOrRenewing(uid, now);
  if (row.checkin_words === sum && row.checkin_expiry === soonest && !memberGone && !quotaDue)
    return row;
  return (await db.benefits.update((q) => q.where({ uid }), {
    data: (b) => {
      b.checkin_words = sum;
      b.checkin_expiry = soonest;
      if (memberGone) {
        b.vip_words = 0;
        b.vip_expiry = 0;
      }
      if (quotaDue) {
        b.vip_words = FREE_MONTHLY_POWER;
        b.vip_expiry = nextFreeRefreshS(now);
      }
    },
  }))!;
}

/** When a free user's quota next refreshes (Unix s), or null for a member. */
export function freeRefreshAt(uid: string, now = clock.nowS()): number | null {
  return memberOrRenewing(uid, now) ? null : nextFreeRefreshS(now);
}

/** Everything spendable now. */
export async function powerOf(uid: string): Promise<number> {
  return powerBalance(await syncPower(uid));
}

/**
 * Takes `cost` in the consumption order, or answers 40260 (nothing taken) when the balance
 * cannot cover it.
 */
export async function spendPower(uid: string, cost: number): Promise<void> {
  if (cost <= 0) return;
  const row = await syncPower(uid);
  const grants = liveGrants(uid);
  const plan = planSpend(
    {
      member: row.vip_words,
      activity: grants.map((g) => ({ id: g.id, amount: g.amount_left, expires_at: g.expires_at })),
      pack: row.pack_words,
    },
    cost,
    clock.nowS(),
  );
  if (plan.short > 0) fail(40260, 'not enough power', { needed: cost, balance: powerBalance(row) });
  for (const { id, take } of plan.activity)
    await db.powerGrants.update((q) => q.where({ id }), {
      data: (g) => void (g.amount_left -= take),
    });
  await db.benefits.update((q) => q.where({ uid }), {
    data: (b) => {
      b.vip_words -= plan.member;
      b.pack_words -= plan.pack;
    },
  });
  await syncPower(uid);
}

/** Adds activity power with its own expiry (a daily claim or a charge received). */
export async function grantActivity(
  uid: string,
  amount: number,
  expiresAt: number,
  kind: 'checkin' | 'activity',
  day = '',
): Promise<void> {
  await db.powerGrants.create({
    id: `g_${clock.nowMs().toString(36)}_${(++grantSeq).toString(36)}`,
    uid,
    kind,
    amount_left: amount,
    expires_at: expiresAt,
    granted_at: clock.nowS(),
    day,
  });
  await syncPower(uid);
}

/** Adds pack power (never expires). */
export async function addPackPower(uid: string, amount: number): Promise<void> {
  await benefitsRow(uid);
  await db.benefits.update((q) => q.where({ uid }), {
    data: (b) => void (b.pack_words += amount),
  });
}

/** Member power of a month's subscription (spec 2 §1: 100000 per month), until `expiresAt`. */
export async function setMemberPower(
  uid: string,
  amount: number,
  expiresAt: number,
): Promise<void> {
  await benefitsRow(uid);
  await db.benefits.update((q) => q.where({ uid }), {
    data: (b) => {
      b.vip_words = amount;
      b.vip_expiry = expiresAt;
    },
  });
}

/**
 * Sets a user's whole balance (scenarios, tests): member power, packs, and activity power as
 * one grant (none when 0). No member power means this month's free quota is used up: it
 * comes back on the next 8th.
 */
export async function setPower(
  uid: string,
  parts: {
    member?: number;
    memberExpiry?: number;
    activity?: number;
    activityExpiry?: number;
    pack?: number;
  },
): Promise<void> {
  await benefitsRow(uid);
  db.powerGrants.deleteMany((q) => q.where({ uid }));
  await db.benefits.update((q) => q.where({ uid }), {
    data: (b) => {
      b.vip_words = parts.member ?? 0;
      b.vip_expiry = parts.member ? (parts.memberExpiry ?? 0) : nextFreeRefreshS(clock.nowS());
      b.pack_words = parts.pack ?? 0;
    },
  });
  if (parts.activity)
    await grantActivity(
      uid,
      parts.activity,
      parts.activityExpiry ?? clock.nowS() + 30 * 86400,
      'activity',
    );
  else await syncPower(uid);
}
