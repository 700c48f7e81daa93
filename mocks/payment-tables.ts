import * as v from 'valibot';

/**
 * The tables of the money side (issue 15), kept beside db.ts, which lists them with the others.
 * Times are seconds since the epoch (mock clock).
 */

/**
 * Activity power with its own expiry (spec 2 §1): one row per daily claim (`checkin`) or charge
 * received (`activity`). The source of truth for activity power: `benefits.checkin_words` and
 * `checkin_expiry` are kept equal to the sum and the soonest expiry of the live grants
 * (mocks/power.ts).
 */
export const powerGrant = v.object({
  id: v.string(),
  uid: v.string(),
  kind: v.picklist(['checkin', 'activity']),
  amount_left: v.number(),
  /** Not spendable from this moment on. */
  expires_at: v.number(),
  granted_at: v.number(),
  /** The UTC+8 day of a daily claim (YYYY-MM-DD); empty for other grants. */
  day: v.string(),
});

/** Membership (spec 2 §3 "VIP status"); no row: free. */
export const membership = v.object({
  uid: v.string(),
  viptype: v.number(),
  effectTime: v.number(),
  expiresTime: v.number(),
  autoRenew: v.boolean(),
  autoRenewTime: v.number(),
  stripeAuto: v.boolean(),
  /** The subscription product bought last (renewed while auto-renew is on). */
  product_id: v.string(),
});

/** Orders and prepays (spec 2 §4 "Payment"): pending until paid, expired or cancelled. */
export const payment = v.object({
  /** The order number or the prepay token. */
  id: v.string(),
  kind: v.picklist(['order', 'prepay']),
  uid: v.string(),
  product_id: v.string(),
  pay_type: v.number(),
  pay_scene: v.string(),
  status: v.picklist(['pending', 'paid', 'expired', 'cancelled']),
  created_at: v.number(),
  expires_at: v.number(),
  /** When paid, expired or cancelled; 0 while pending. */
  ended_at: v.number(),
  /**
   * The client's `Idempotency-Key` it was made under (`createPaymentOnce`), kept with the
   * payment so a restarted worker still knows it. Optional: none without a key, or saved earlier.
   */
  idempotency_key: v.optional(v.string()),
});

export type PowerGrantRecord = v.InferOutput<typeof powerGrant>;
export type MembershipRecord = v.InferOutput<typeof membership>;
export type PaymentRecord = v.InferOutput<typeof payment>;

const MONTH_S = 30 * 86400;

/**
 * Schema 3 -> 4 (mocks/state.ts): check-in power becomes a grant with its expiry, member power
 * with an expiry becomes a membership without auto-renew ending then, charges keep their rows.
 */
export function addPaymentTables(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = data as Record<string, unknown>;
  const benefits = Array.isArray(d.benefits) ? (d.benefits as Array<Record<string, unknown>>) : [];
  const grants: PowerGrantRecord[] = benefits
    .filter((b) => Number(b.checkin_words) > 0 && Number(b.checkin_expiry) > 0)
    .map((b) => ({
      id: `g_${String(b.uid)}_migrated`,
      uid: String(b.uid),
      kind: 'checkin',
      amount_left: Number(b.checkin_words),
      expires_at: Number(b.checkin_expiry),
      granted_at: 0,
      day: '',
    }));
  const memberships: MembershipRecord[] = benefits
    .filter((b) => Number(b.vip_words) > 0 && Number(b.vip_expiry) > 0)
    .map((b) => ({
      uid: String(b.uid),
      viptype: 1,
      effectTime: Number(b.vip_expiry) - MONTH_S,
      expiresTime: Number(b.vip_expiry),
      autoRenew: false,
      autoRenewTime: 0,
      stripeAuto: false,
      product_id: '',
    }));
  return {
    ...d,
    powerGrants: d.powerGrants ?? grants,
    memberships: d.memberships ?? memberships,
    payments: d.payments ?? [],
  };
}
