import seed from './seed.gen.json';
import type { DbSnapshot } from './db';
import { seedAsOf, seedNowAsOf } from './seed-time';

/**
 * The seed as tests, stories and their fixtures see it: moved on to the day this process
 * started (seed-time.ts), once, so a fixture's times and the reset database's always agree,
 * even in a run that crosses the day's boundary.
 */
export const seedTodayNow = seedNowAsOf(Math.floor(Date.now() / 1000));
export const seedToday = seedAsOf(
  seed as unknown as DbSnapshot,
  seedTodayNow,
) as unknown as typeof seed;
