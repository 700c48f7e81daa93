/**
 * Counting what was typed: a "nothing lost" test types a counted number of a character found
 * nowhere else (CJK Extension A: in no seeded text, no string of the app) and counts it where
 * the user looks for it afterwards.
 */

/** How many times `ch` occurs in `text`. */
export const count = (text: string, ch: string) => text.split(ch).length - 1;
