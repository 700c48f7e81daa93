import { seedToday as seed } from '@mocks/seed-today';
import { AUTHOR_UID } from '@mocks/seed-ids';
import type { Entry } from '@/api/worlds';

/** Seeded records the worlds stories show (stories only: the seed is the mock's data). */
export const authorWorld = seed.worlds.find((w) => w.uid === AUTHOR_UID)!;
export const sharedWorld = seed.worlds.find(
  (w) => w.uid !== AUTHOR_UID && w.share_status === 'square',
)!;
export const linkOnlyWorld = seed.worlds.find(
  (w) => w.uid === AUTHOR_UID && w.share_status === 'link',
)!;
export const privateWorld = seed.worlds.find(
  (w) => w.uid === AUTHOR_UID && w.share_status === 'private',
)!;
export const authorCharacter = seed.entries.find(
  (e) =>
    e.universe_id === authorWorld.id &&
    e.type === 'character' &&
    e.character_relationships.length > 0,
)! as Entry;
export const authorNoun = (seed.entries.find(
  (e) => e.universe_id === authorWorld.id && e.type === 'normal',
) ?? seed.entries.find((e) => e.type === 'normal'))! as Entry;
