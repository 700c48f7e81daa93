import { STORAGE_KEYS, type AppStorage } from '@/lib/storage';

/**
 * The charge tip (spec 2 §3 "the charge tip" key, §9 "Tip … display 5 s"): the first time a
 * signed-in user sees the tip button on someone else's shared work, a small note beside it says
 * what a tip does, for 5 s. It is kept in `pro_charge_tip` for 30 days, so it shows once, and
 * once more after a month away. Membership is not asked first: who may tip is the server's to
 * judge (40335, 40336), and the note explains tipping to everyone who sees the button.
 */
export const CHARGE_TIP_MS = 5000;
export const CHARGE_TIP_TTL_MS = 30 * 24 * 3600_000;

export function chargeTipDue(
  storage: AppStorage,
  viewer: { signedIn: boolean; ownWork: boolean },
): boolean {
  return viewer.signedIn && !viewer.ownWork && storage.get(STORAGE_KEYS.chargeTip) === null;
}

export function markChargeTip(storage: AppStorage): void {
  storage.set(STORAGE_KEYS.chargeTip, true, { ttlMs: CHARGE_TIP_TTL_MS });
}
