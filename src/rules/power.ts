/** The parts a user's power is held in (spec 2 §1): membership, check-in and packs. */
export interface PowerParts {
  vip_words: number;
  checkin_words: number;
  pack_words: number;
}

/**
 * The power balance the writer sees and spends: the sum of the parts (member power is spent
 * first, then check-in power, then packs; the balance is all three). One definition for the
 * header, the editor and the mock server's charge checks.
 */
export function powerBalance(parts: PowerParts): number {
  return parts.vip_words + parts.checkin_words + parts.pack_words;
}

/** One grant of activity power (a daily claim, a charge received) with its own expiry. */
export interface ActivityGrant {
  id: string;
  /** Power left in the grant. */
  amount: number;
  /** Unix seconds; the grant cannot be spent from this moment on. */
  expires_at: number;
}

/** How a cost is taken from the parts of a balance (spec 2 §1 consumption order). */
export interface SpendPlan {
  /** Taken from free or member power. */
  member: number;
  /** Taken from each activity grant, soonest expiry first (only grants something is taken from). */
  activity: Array<{ id: string; take: number }>;
  /** Taken from power packs. */
  pack: number;
  /** What the balance could not cover (0 when the cost is affordable). */
  short: number;
}

/**
 * The consumption order of spec 2 §1, the one definition the mock server spends by and the
 * client may preview with: free or member power first, then activity power with the soonest
 * expiry first (expired grants are not spendable), then power packs (which never expire).
 */
export function planSpend(
  parts: { member: number; activity: readonly ActivityGrant[]; pack: number },
  cost: number,
  nowS: number,
): SpendPlan {
  let left = Math.max(0, cost);
  const take = (have: number) => {
    const used = Math.min(Math.max(0, have), left);
    left -= used;
    return used;
  };
  const member = take(parts.member);
  const activity: SpendPlan['activity'] = [];
  const live = parts.activity
    .filter((g) => g.expires_at > nowS && g.amount > 0)
    .sort((a, b) => a.expires_at - b.expires_at || a.id.localeCompare(b.id));
  for (const g of live) {
    if (left === 0) break;
    activity.push({ id: g.id, take: take(g.amount) });
  }
  const pack = take(parts.pack);
  return { member, activity, pack, short: left };
}
