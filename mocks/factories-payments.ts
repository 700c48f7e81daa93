import type { ChargeRecord, DbSnapshot, MembershipRecord, PowerGrantRecord } from './db';

/**
 * The money side of the seed (issue 15), with a faker of its own (SEED + 15) so no value seeded
 * before shifts: the author's membership (active, without auto-renew, matching the seeded
 * member power), the author's check-in power as a grant, 30+ supporters of the author's square
 * story (ties included, for the ranking) and a few charges the author gave. Node only.
 */

/** The part of the seed's faker used here (factories.ts passes its own; this module imports no faker). */
interface F {
  string: { alphanumeric(options: { length: number; casing: 'lower' }): string };
  helpers: {
    arrayElement<T>(items: readonly T[]): T;
    arrayElements<T>(items: readonly T[], count: number): T[];
  };
  number: { int(options: { min: number; max: number }): number };
}
const DAY = 86400;
const AUTHOR_UID = 'u_author';
const AMOUNTS = [100, 500, 1000, 5000] as const;
const MESSAGES = ['写得真好！', '期待更新', '支持！', 'Great story!', '', '大大加油', ''];

export function withPayments(data: DbSnapshot, g: F, seedNow: number): DbSnapshot {
  const id = () => `ch_${g.string.alphanumeric({ length: 10, casing: 'lower' })}`;
  const charges: ChargeRecord[] = [...(data.charges ?? [])];
  const add = (share_id: string, uid: string, amount: number, created_at: number) =>
    charges.push({
      id: id(),
      share_id,
      uid,
      amount,
      message: g.helpers.arrayElement(MESSAGES),
      created_at,
      option_id: `opt_${amount}`,
    });

  const target = data.stories.find(
    (s) => s.uid === AUTHOR_UID && s.share_status === 'square' && s.deleted_at === 0,
  );
  if (target) {
    const others = data.users.filter((u) => u.uid !== AUTHOR_UID);
    const supporters = g.helpers.arrayElements(others, Math.min(36, others.length));
    const since = Math.max(target.shared_at || target.updated_at, seedNow - 60 * DAY);
    supporters.forEach((u, i) => {
      // The first six give exactly 1000 each at different times: ties ranked by the earliest.
      if (i < 6) {
        add(target.share_id, u.uid, 1000, since + (i + 1) * 3 * 3600);
        return;
      }
      const times = g.number.int({ min: 1, max: 3 });
      for (let k = 0; k < times; k++)
        add(
          target.share_id,
          u.uid,
          g.helpers.arrayElement(AMOUNTS),
          g.number.int({ min: since + 3600, max: seedNow - 600 }),
        );
    });
  }

  // The author supported a few square works of others (my charged records and stats).
  const othersSquare = data.stories.filter(
    (s) => s.uid !== AUTHOR_UID && s.share_status === 'square' && s.deleted_at === 0,
  );
  for (const s of g.helpers.arrayElements(othersSquare, Math.min(5, othersSquare.length)))
    add(
      s.share_id,
      AUTHOR_UID,
      g.helpers.arrayElement(AMOUNTS),
      g.number.int({ min: seedNow - 30 * DAY, max: seedNow - 600 }),
    );

  const author = data.benefits.find((b) => b.uid === AUTHOR_UID);
  const memberships: MembershipRecord[] = author
    ? [
        {
          uid: AUTHOR_UID,
          viptype: 1,
          effectTime: author.vip_expiry - 30 * DAY,
          expiresTime: author.vip_expiry,
          autoRenew: false,
          autoRenewTime: 0,
          stripeAuto: false,
          product_id: 'sub_month',
        },
      ]
    : [];
  const powerGrants: PowerGrantRecord[] =
    author && author.checkin_words > 0
      ? [
          {
            id: 'g_author_checkin',
            uid: AUTHOR_UID,
            kind: 'checkin',
            amount_left: author.checkin_words,
            expires_at: author.checkin_expiry,
            granted_at: seedNow - DAY,
            day: new Date((seedNow - DAY) * 1000 + 8 * 3600_000).toISOString().slice(0, 10),
          },
        ]
      : [];

  return { ...data, charges, memberships, powerGrants, payments: [] };
}
