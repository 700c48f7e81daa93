import { restore, type DbSnapshot } from './db';
import { clock } from './clock';
import { ACCESS_TTL_S, REFRESH_TTL_S, tokenPolicy } from './tokens';
import { seedToday, seedTodayNow } from './seed-today';

/** The seed's now as tests see it (seed-today.ts), in seconds. */
export const seededNow = () => seedTodayNow;

/** Every test starts from the same seeded database, as of today (seed-today.ts), and a real clock. */
export async function resetMockBackend() {
  clock.reset();
  tokenPolicy.accessTtlS = ACCESS_TTL_S;
  tokenPolicy.refreshTtlS = REFRESH_TTL_S;
  await restore(seedToday as unknown as DbSnapshot);
}
