import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';

/** The cast a new game starts with: the first recommended characters, as many as may play. */
export function initialCast(characters: readonly { entry_id: string }[]): string[] {
  return characters.slice(0, EXPLORATION_LIMITS.cast).map((c) => c.entry_id);
}

/** Picks or drops a character, keeping the world's order and at most 5 in the cast. */
export function toggleCast(cast: readonly string[], id: string): string[] {
  if (cast.includes(id)) return cast.filter((c) => c !== id);
  if (cast.length >= EXPLORATION_LIMITS.cast) return [...cast];
  return [...cast, id];
}
