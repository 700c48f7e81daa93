import type { DbSnapshot } from './db';

/**
 * The seed's own "now" (seconds): every time in seed.gen.json is written relative to it, so
 * the file is byte-stable.
 */
export const SEED_NOW = Math.floor(Date.UTC(2026, 10, 15, 8, 0, 0) / 1000);

const DAY_S = 86_400;

/** Field names that hold a time: seconds, or milliseconds where the contract says so. */
export const SEED_TIME_FIELD = /(_at|_expiry|Time)$/;
/** Calendar days (`2026-11-14`), as the power grants keep them. */
const DAY_FIELD = 'day';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from the seed's now to `nowS`; never negative. */
export function seedAgeDays(nowS: number): number {
  return Math.max(0, Math.floor((nowS - SEED_NOW) / DAY_S));
}

/** The seed's now moved on as `seedAsOf(…, nowS)` moves the data. */
export function seedNowAsOf(nowS: number): number {
  return SEED_NOW + seedAgeDays(nowS) * DAY_S;
}

function shiftTime(value: unknown, seconds: number): unknown {
  if (typeof value !== 'number' || value <= 0) return value;
  // Message times are milliseconds (the contract's `created_at` of a chat message).
  return value >= 1e12 ? value + seconds * 1000 : value + seconds;
}

function shiftDay(value: unknown, days: number): unknown {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return value;
  const ms = Date.parse(`${value}T00:00:00Z`) + days * DAY_S * 1000;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The seed as of `nowS`: every time in it moved on by the whole days since the seed's now, so
 * the demo opened on any date looks as it did the day the seed was written (the author's
 * membership still has 20 days left, a share is still 3 days old). Whole days keep each time's
 * hour, and so the calendar day each grant belongs to.
 */
export function seedAsOf(seed: DbSnapshot, nowS: number): DbSnapshot {
  const days = seedAgeDays(nowS);
  if (days === 0) return seed;
  const seconds = days * DAY_S;
  const out: Record<string, unknown> = {};
  for (const [table, rows] of Object.entries(seed)) {
    out[table] = Array.isArray(rows)
      ? rows.map((row: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...row };
          for (const [key, value] of Object.entries(row)) {
            if (SEED_TIME_FIELD.test(key)) next[key] = shiftTime(value, seconds);
            else if (key === DAY_FIELD) next[key] = shiftDay(value, days);
          }
          return next;
        })
      : rows;
  }
  return out as unknown as DbSnapshot;
}
