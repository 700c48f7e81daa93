import type { VipStatus } from '@/api/payment';
import { isVipAt } from '@/rules/membership';

/** Spec 2 §4 "User types". */
export type UserType = 'free' | 'vip_nosub' | 'vip_sub';

/**
 * A user is VIP only if viptype is not 0 and now lies in [effectTime, expiresTime) (seconds);
 * otherwise the VIP data counts as free. A VIP with auto-renew is vip_sub, without vip_nosub.
 */
export function isVip(status: VipStatus | null | undefined, nowS: number): boolean {
  return isVipAt(status, nowS);
}

export function userType(status: VipStatus | null | undefined, nowS: number): UserType {
  if (!status || !isVip(status, nowS)) return 'free';
  return status.autoRenew ? 'vip_sub' : 'vip_nosub';
}
