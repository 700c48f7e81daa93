import { http as mswHttp } from 'msw';
import { clock } from '../clock';
import { db, type MembershipRecord } from '../db';
import {
  createOrderResolver,
  createPrepayResolver,
  DAILY_ALLOWANCE,
  endOfNextMonthS,
  PAYMENT_ORDERS_PATH,
  PAYMENT_PREPAY_PATH,
  utc8Day,
} from '../handlers/payment';
import { apiError } from '../http';
import { MEMBER_MONTH_S, MEMBER_MONTHLY_POWER } from '../payments';
import { grantActivity, setMemberPower, setPower, syncPower } from '../power';
import { AUTHOR_UID } from '../seed-ids';

/**
 * Scenarios of membership, payments, the daily allowance and charging (issue 15). State ones
 * change the seeded author (combine with `signed-in`); fault ones answer only payment calls.
 */

const DAY_S = 86400;
/** Scenario `order-expires-fast`: an unpaid order or prepay expires after 20 s. */
export const FAST_PAYMENT_TTL_S = 20;

async function setMembership(uid: string, row: Omit<MembershipRecord, 'uid'> | null) {
  db.memberships.deleteMany((q) => q.where({ uid }));
  if (row) await db.memberships.create({ uid, ...row });
}

/** The author is a free user (no membership) with no power at all. */
export async function freeZeroPower(uid: string = AUTHOR_UID): Promise<void> {
  await setMembership(uid, null);
  await setPower(uid, {});
}

/** The author is an active member with auto-renew on (vip_sub), with the month's member power. */
export async function vipSub(uid: string = AUTHOR_UID): Promise<void> {
  const now = clock.nowS();
  const end = now + 25 * DAY_S;
  await setMembership(uid, {
    viptype: 1,
    effectTime: now - 5 * DAY_S,
    expiresTime: end,
    autoRenew: true,
    autoRenewTime: end,
    stripeAuto: false,
    product_id: 'sub_month_auto',
  });
  await setMemberPower(uid, MEMBER_MONTHLY_POWER, Math.min(end, now + MEMBER_MONTH_S));
  await syncPower(uid);
}

/** The author is an active member without auto-renew (vip_nosub), ending in 10 days. */
export async function vipNosub(uid: string = AUTHOR_UID): Promise<void> {
  const now = clock.nowS();
  const end = now + 10 * DAY_S;
  await setMembership(uid, {
    viptype: 1,
    effectTime: now - 20 * DAY_S,
    expiresTime: end,
    autoRenew: false,
    autoRenewTime: 0,
    stripeAuto: false,
    product_id: 'sub_month',
  });
  await setMemberPower(uid, MEMBER_MONTHLY_POWER, end);
  await syncPower(uid);
}

/**
 * The author signed up just now: an active member (so membership is not what refuses), but
 * charging answers 40336 until the account is 7 days old.
 */
export async function newUser(uid: string = AUTHOR_UID): Promise<void> {
  await vipSub(uid);
  await db.users.update((q) => q.where({ uid }), {
    data: (u) => void (u.created_at = clock.nowS()),
  });
}

/** Today's (UTC+8) daily allowance is already claimed: claiming answers 40923. */
export async function allowanceClaimed(uid: string = AUTHOR_UID): Promise<void> {
  const now = clock.nowMs();
  const day = utc8Day(now);
  if (db.powerGrants.findFirst((q) => q.where({ uid, kind: 'checkin', day }))) return;
  await grantActivity(uid, DAILY_ALLOWANCE, endOfNextMonthS(now), 'checkin', day);
}

/** Creating an order or a prepay answers 500 (the pay dialogs show the failure and a retry). */
export function paymentFails() {
  const down = () => apiError(50000, 'internal server error', null, 500);
  return [
    mswHttp.post(`*${PAYMENT_ORDERS_PATH}`, down),
    mswHttp.post(`*${PAYMENT_PREPAY_PATH}`, down),
  ];
}

/** Orders and prepays expire 20 s after creation (the QR's refresh can be seen without waiting). */
export function orderExpiresFast() {
  return [
    mswHttp.post(`*${PAYMENT_ORDERS_PATH}`, createOrderResolver(FAST_PAYMENT_TTL_S) as never),
    mswHttp.post(`*${PAYMENT_PREPAY_PATH}`, createPrepayResolver(FAST_PAYMENT_TTL_S) as never),
  ];
}
