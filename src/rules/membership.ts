/**
 * Spec 2 §1: members receive 100000 power per month (the membership copy). The product data
 * does not carry it, so the retention pop-up, the membership screen and the mock backend all
 * read it here. A module of its own, so the first screens' power chunk does not carry it.
 */
export const MEMBER_MONTHLY_POWER = 100_000;

/** The VIP status fields that decide membership (spec 2 §3 "VIP status"). */
export interface VipWindow {
  viptype: number;
  /** Unix seconds. */
  effectTime: number;
  /** Unix seconds. */
  expiresTime: number;
}

/**
 * Spec 2 §4: a user is VIP only if viptype is not 0 and now lies in [effectTime, expiresTime);
 * `nowS` is the server's now. One definition for every screen that asks "is this a member?".
 */
export function isVipAt(status: VipWindow | null | undefined, nowS: number): boolean {
  return !!status && status.viptype !== 0 && status.effectTime <= nowS && nowS < status.expiresTime;
}

/**
 * Spec 2 §1, §9: a free user's monthly quota, refreshed on the 8th of each month. The spec
 * gives the day, not the amount; 2000 is this product's choice (20 continuations of 100).
 */
export const FREE_MONTHLY_POWER = 2_000;
export const FREE_REFRESH_DAY = 8;
/** The product's calendar is China's (UTC+8, no daylight saving). */
const CALENDAR_OFFSET_S = 8 * 3600;

/** The next refresh of the free quota strictly after `nowS`: 00:00 on the 8th, UTC+8 (Unix s). */
export function nextFreeRefreshS(nowS: number): number {
  const local = new Date((nowS + CALENDAR_OFFSET_S) * 1000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const thisMonth = Date.UTC(y, m, FREE_REFRESH_DAY) / 1000 - CALENDAR_OFFSET_S;
  return thisMonth > nowS
    ? thisMonth
    : Date.UTC(y, m + 1, FREE_REFRESH_DAY) / 1000 - CALENDAR_OFFSET_S;
}
