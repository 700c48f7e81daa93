import { describe, expect, it } from 'vitest';
import { powerBalance } from './power';

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
