/**
 * Limits of exploration (chat games), spec 2 §5 and §8, shared by the mock server, which
 * enforces them, and the client, which checks them first and names them in its messages.
 * Where the spec says only "not too long", the number is chosen here.
 */
export const EXPLORATION_LIMITS = {
  /** A player message: trimmed, 1-500 characters (42224; the number is chosen here). */
  input: 500,
  /** A reply edited by the player (42224). */
  reply: 2000,
  /** Spec 2 §5: a forbidden word is at most 10 characters (42212). */
  forbiddenWord: 10,
  /** Spec 2 §5: at most 20 forbidden words (40301). */
  forbiddenWords: 20,
  /** A save point's title, and a chapter name made at the desk (42200). */
  archiveTitle: 20,
  /** Characters a new game may cast (NewStartBody.character_ids). */
  cast: 5,
  /** Start of the latest message shown on a game or save-point card. */
  preview: 60,
} as const;

/** True when the text has Chinese (Han) characters: some models refuse them (42247). */
export function hasChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}
