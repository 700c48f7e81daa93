import { restore } from './db';
import { clock } from './clock';
import { ACCESS_TTL_S, REFRESH_TTL_S, tokenPolicy } from './tokens';
import seed from './seed.gen.json';
import type { DbSnapshot } from './db';

/** Every test starts from the same seeded database and a real clock. */
export async function resetMockBackend() {
  clock.reset();
  tokenPolicy.accessTtlS = ACCESS_TTL_S;
  tokenPolicy.refreshTtlS = REFRESH_TTL_S;
  await restore(seed as unknown as DbSnapshot);
}
