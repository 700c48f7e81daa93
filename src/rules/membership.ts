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
