/**
 * Client-side limits of worlds and entries (spec 1 §5, §9). Where the spec gives a client
 * limit that differs from the server's (background 3000 vs 200/300, description 300 vs 150),
 * the client checks its own and the server's refusal is shown at the field.
 */
export const WORLD_LIMITS = {
  title: 20,
  background: 3000,
  /** Characters (code points) of one forbidden word. */
  forbiddenWord: 10,
  forbiddenWords: 20,
} as const;

export const ENTRY_LIMITS = {
  name: 20,
  description: 300,
  target: 30,
  relationships: 9,
  /** Counted length of one relationship tag (the spec is silent; kept as short as a word). */
  relationshipTag: 10,
} as const;
