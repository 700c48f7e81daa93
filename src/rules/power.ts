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
