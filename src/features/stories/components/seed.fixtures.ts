import { http as mswHttp } from 'msw';
import { seedToday as seed } from '@mocks/seed-today';
import { AUTHOR_UID } from '@mocks/seed-ids';

/** Seeded stories the Storybook stories open (ids are stable: the seed is deterministic). */
const live = seed.stories.filter((s) => s.uid === AUTHOR_UID && s.deleted_at === 0);
export const AUTHOR_STORY = live.find((s) => s.universe_id !== null)!;
/** The story the `story-banned` scenario bans: the most recently updated one. */
export const NEWEST_STORY = [...live].sort((a, b) => b.updated_at - a.updated_at)[0]!;
export const AUTHOR_PRIVATE_STORY = live.find((s) => s.share_status === 'private')!;
export const SQUARE_STORY = seed.stories.find(
  (s) => s.uid !== AUTHOR_UID && s.share_status === 'square',
)!;

/** A call that never answers: the screen stays in its loading state. */
export const pending = (path: string) => [mswHttp.get(path, () => new Promise<never>(() => {}))];
