// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DbSnapshot } from './db';
import seedJson from './seed.gen.json';
import { SEED_NOW, SEED_TIME_FIELD, seedAgeDays, seedAsOf, seedNowAsOf } from './seed-time';

const seed = seedJson as unknown as DbSnapshot;
const DAY = 86_400;
const rows = (s: DbSnapshot) => Object.entries(s) as [string, Record<string, unknown>[]][];

describe('the seed as of today (seed-time.ts)', () => {
  it('names every time field so the rebase finds it: no epoch-like number hides elsewhere', () => {
    const stray: string[] = [];
    for (const [table, list] of rows(seed))
      for (const row of list)
        for (const [key, value] of Object.entries(row)) {
          const looksLikeTime =
            typeof value === 'number' &&
            ((value > 1e9 && value < 1e10) || (value > 1e12 && value < 1e13));
          if (looksLikeTime && !SEED_TIME_FIELD.test(key)) stray.push(`${table}.${key}`);
          // Nested objects would be skipped by the rebase.
          if (value && typeof value === 'object' && !Array.isArray(value))
            stray.push(`${table}.${key} (object)`);
        }
    expect([...new Set(stray)]).toEqual([]);
  });

  it('moves every time on by the whole days since the seed was written', () => {
    const now = SEED_NOW + 22 * DAY + 5 * 3600;
    expect(seedAgeDays(now)).toBe(22);
    expect(seedNowAsOf(now)).toBe(SEED_NOW + 22 * DAY);
    const moved = seedAsOf(seed, now);
    const benefit = moved.benefits.find((b) => b.uid === 'u_author')!;
    const original = seed.benefits.find((b) => b.uid === 'u_author')!;
    expect(benefit.vip_expiry - now).toBeGreaterThan(0);
    expect(benefit.vip_expiry).toBe(original.vip_expiry + 22 * DAY);
    // Milliseconds stay milliseconds.
    expect(moved.chatMessages![0]!.created_at).toBe(
      seed.chatMessages![0]!.created_at + 22 * DAY * 1000,
    );
    // A grant's calendar day follows its time.
    const grant = moved.powerGrants![0]!;
    const day = new Date((grant.granted_at + 8 * 3600) * 1000).toISOString().slice(0, 10);
    expect(grant.day).toBe(day);
    // Nothing else changes.
    expect(moved.stories.map((s) => s.title)).toEqual(seed.stories.map((s) => s.title));
    expect(moved.stories.find((s) => s.deleted_at === 0)?.deleted_at).toBe(0);
  });

  it('leaves the seed as written on its own day or before it', () => {
    expect(seedAsOf(seed, SEED_NOW + DAY - 1)).toBe(seed);
    expect(seedAsOf(seed, SEED_NOW - 10 * DAY)).toBe(seed);
  });
});
