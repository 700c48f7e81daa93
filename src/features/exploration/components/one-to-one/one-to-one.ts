import type { ChatGame } from '@/api/exploration';

/** My one-to-one chats: games whose cast is a single character. */
export function oneToOneGames(games: readonly ChatGame[]): ChatGame[] {
  return games.filter((g) => g.cast.length === 1);
}

/**
 * My one-to-one chat with a square character, if I have one: a game of the same shared world
 * whose only cast member has that name (the chat's copy of the entry has its own id).
 */
export function findOneToOne(
  games: readonly ChatGame[],
  character: { name: string; universe: { share_id: string } },
): ChatGame | null {
  return (
    games.find(
      (g) =>
        g.cast.length === 1 &&
        g.source_share_id === character.universe.share_id &&
        g.cast[0]!.name === character.name,
    ) ?? null
  );
}
