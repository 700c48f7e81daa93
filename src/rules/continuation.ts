/**
 * What a continuation costs (spec 2 §1: "charged by the requested length per successful card
 * output"; no charge without output or for the empty-start card). Spec 1 §9 reads "once for 1
 * to 3 cards"; the product follows spec 2: each delivered card costs the writing length. One
 * definition for the mock server's charge and the editor's price.
 */

/** Cards one continuation asks for. */
export const CONTINUATION_CARDS = 3;

/** The price of one card: the writing length, or nothing for the empty-start (opening) card. */
export function cardPrice(length: number, opening: boolean): number {
  return opening ? 0 : length;
}

/** Power charged for the cards a continuation delivered: each non-empty card costs its price. */
export function continuationCharge(
  length: number,
  opening: boolean,
  cards: readonly string[],
): number {
  return cardPrice(length, opening) * cards.filter((c) => c.trim() !== '').length;
}

/**
 * How many cards a balance pays for (at most `CONTINUATION_CARDS`): the server writes no more
 * cards than it can charge for, and none when a single card is out of reach (40260).
 */
export function affordableCards(balance: number, length: number, opening: boolean): number {
  const price = cardPrice(length, opening);
  if (price === 0) return CONTINUATION_CARDS;
  return Math.min(CONTINUATION_CARDS, Math.floor(Math.max(0, balance) / price));
}
