/**
 * The server's limits of worlds and glossary entries (spec 1 §5, §9), shared by the mock
 * server, which enforces them, and the client, which names them when the server refuses a
 * text its own, larger limits let through (background, description).
 */
export const WORLD_SERVER_LIMITS = {
  title: 20,
  /** Spec 1 §5: 200 by the Chinese error text, 300 by the English one; the larger is used. */
  background: 300,
  forbiddenWord: 10,
  forbiddenWords: 20,
  entryName: 20,
  /** Spec 1 §5: 150 on the server (the client checks 300). */
  description: 150,
  target: 30,
  relationships: 9,
  relationshipTag: 10,
  worldsPerPage: 20,
  maxWorldsPerPage: 50,
  entriesPerPage: 20,
  maxEntriesPerPage: 100,
} as const;
