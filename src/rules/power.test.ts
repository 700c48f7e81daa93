import { describe, expect, it } from 'vitest';
import { planSpend, powerBalance } from './power';

describe('powerBalance', () => {
  it('is the sum of member, check-in and pack power', () => {
    expect(powerBalance({ vip_words: 100_000, checkin_words: 300, pack_words: 5_000 })).toBe(
      105_300,
    );
    expect(powerBalance({ vip_words: 0, checkin_words: 0, pack_words: 0 })).toBe(0);
  });

  it('ignores the other fields of a benefits answer', () => {
    const benefits = { vip_words: 1, checkin_words: 2, pack_words: 3, vip_expiry: 99 };
    expect(powerBalance(benefits)).toBe(6);
  });
});

describe('planSpend (spec 2 §1 consumption order)', () => {
  const now = 1_000;
  const grants = [
    { id: 'late', amount: 100, expires_at: 5_000 },
    { id: 'soon', amount: 50, expires_at: 2_000 },
    { id: 'gone', amount: 999, expires_at: 1_000 },
  ];

  it('takes member power first, then activity soonest expiry first, then packs', () => {
    expect(planSpend({ member: 30, activity: grants, pack: 500 }, 200, now)).toEqual({
      member: 30,
      activity: [
        { id: 'soon', take: 50 },
        { id: 'late', take: 100 },
      ],
      pack: 20,
      short: 0,
    });
  });

  it('never spends expired activity power, and says what is short', () => {
    expect(planSpend({ member: 0, activity: grants, pack: 0 }, 1_000, now)).toEqual({
      member: 0,
      activity: [
        { id: 'soon', take: 50 },
        { id: 'late', take: 100 },
      ],
      pack: 0,
      short: 850,
    });
  });

  it('stops as soon as the cost is covered', () => {
    expect(planSpend({ member: 500, activity: grants, pack: 500 }, 100, now)).toEqual({
      member: 100,
      activity: [],
      pack: 0,
      short: 0,
    });
  });
});
