// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSeed, SEED, type RowCounts } from './factories';
import { SEED_ROWS_AT } from './state';

/**
 * The browser loads seed.gen.json, built here from the seeded faker factories.
 * `npm run mocks:seed` rewrites it; otherwise this test fails when the factories and the
 * committed file disagree.
 */
const file = fileURLToPath(new URL('./seed.gen.json', import.meta.url));

describe('seed.gen.json', () => {
  const expected = JSON.stringify(buildSeed(), null, 1) + '\n';

  it('is what the factories produce', () => {
    if (process.env.UPDATE_SEED === '1') writeFileSync(file, expected);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('appends each later part, as the migrations of older saves count on (SEED_ROWS_AT)', () => {
    const rowsAt: Record<number, RowCounts> = {};
    const seed = buildSeed(SEED, rowsAt);
    expect(rowsAt).toEqual(SEED_ROWS_AT);
    // Later parts only append: the rows of version 2 are the first ones of each table.
    for (const [name, count] of Object.entries(SEED_ROWS_AT[2]!))
      expect(seed[name as keyof typeof seed]!.length).toBeGreaterThanOrEqual(count);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildSeed(), null, 1) + '\n').toBe(expected);
  });

  it('has the seeded author with stories, chapters, worlds, entries, followers and power', () => {
    const seed = buildSeed();
    const author = seed.users.find((u) => u.uid === 'u_author');
    expect(author?.phone).toBe('13800138000');
    const stories = seed.stories.filter((s) => s.uid === 'u_author' && s.deleted_at === 0);
    expect(stories.length).toBeGreaterThanOrEqual(3);
    expect(
      seed.chapters.filter((c) => stories.some((s) => s.id === c.story_id)).length,
    ).toBeGreaterThanOrEqual(9);
    const worlds = seed.worlds.filter((w) => w.uid === 'u_author');
    expect(worlds.length).toBe(3);
    expect(seed.entries.filter((e) => worlds.some((w) => w.id === e.universe_id)).length).toBe(18);
    expect(seed.follows.filter((f) => f.followee === 'u_author').length).toBe(15);
    expect(seed.benefits.find((b) => b.uid === 'u_author')?.vip_words).toBeGreaterThan(0);
  });
});
