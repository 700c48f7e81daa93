import { onDbChange, restore, restoreCount, type DbSnapshot } from './db';
import { clock } from './clock';
import { ACCESS_TTL_S, REFRESH_TTL_S, tokenPolicy } from './tokens';
import { seedToday, seedTodayNow } from './seed-today';

/** The seed's now as tests see it (seed-today.ts), in seconds. */
export const seededNow = () => seedTodayNow;

/**
 * restoreCount() right after this module's own restore of the seed, while no record has been
 * written since; null once one has. Every write goes through a table's hooks (the service
 * worker persists the database on the same signal), so an unchanged count means the seed is
 * still there as restored.
 */
let seedIntact: number | null = null;
onDbChange(() => {
  seedIntact = null;
});

/**
 * Every test starts from the same seeded database, as of today (seed-today.ts), and a real clock.
 * Restoring costs ~14 ms; a test that wrote nothing leaves nothing to restore.
 */
export async function resetMockBackend() {
  clock.reset();
  tokenPolicy.accessTtlS = ACCESS_TTL_S;
  tokenPolicy.refreshTtlS = REFRESH_TTL_S;
  if (seedIntact !== null && seedIntact === restoreCount()) return;
  await restore(seedToday as unknown as DbSnapshot);
  seedIntact = restoreCount();
}
