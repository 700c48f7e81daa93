import { describe, expect, it } from 'vitest';
import { affordableCards, cardPrice, continuationCharge } from './continuation';

describe('continuation charge (spec 2 §1)', () => {
  it('charges the requested length per successful card: 3 cards of 100 cost 300', () => {
    expect(continuationCharge(100, false, ['甲', '乙', '丙'])).toBe(300);
  });

  it('an empty card costs nothing, nor does no output', () => {
    expect(continuationCharge(100, false, ['甲', '', '  '])).toBe(100);
    expect(continuationCharge(100, false, [])).toBe(0);
  });

  it('the empty-start (opening) card is free', () => {
    expect(cardPrice(100, true)).toBe(0);
    expect(continuationCharge(100, true, ['开头'])).toBe(0);
  });

  it('a balance pays for at most 3 cards, and none below one card', () => {
    expect(affordableCards(1_000, 100, false)).toBe(3);
    expect(affordableCards(250, 100, false)).toBe(2);
    expect(affordableCards(99, 100, false)).toBe(0);
    expect(affordableCards(0, 100, true)).toBe(3);
  });
});
