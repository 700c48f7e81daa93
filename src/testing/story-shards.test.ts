import { describe, expect, it } from 'vitest';
import { filesOfShard, STORY_SHARDS } from './story-shards';

const shardFiles = Object.keys(import.meta.glob('./stories-*.test.tsx'));

const allShards = (weights: Record<string, number>) =>
  Array.from({ length: STORY_SHARDS }, (_, i) => filesOfShard(weights, i + 1));

describe('story shards', () => {
  it('has one test file per shard, and no other', () => {
    const byNumber = (a: string, b: string) =>
      Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]);
    expect(shardFiles.sort(byNumber)).toEqual(
      Array.from({ length: STORY_SHARDS }, (_, i) => `./stories-${i + 1}.test.tsx`),
    );
  });

  it('puts every story file in exactly one shard, in any order given', () => {
    const files = Array.from(
      { length: 40 },
      (_, i) => `../f${String(i).padStart(2, '0')}.stories.tsx`,
    );
    const weights = Object.fromEntries(files.map((f, i) => [f, 1000 + ((i * 7919) % 5000)]));
    const reversed = Object.fromEntries(Object.entries(weights).reverse());
    expect(allShards(weights).flat().sort()).toEqual(files);
    expect(allShards(reversed)).toEqual(allShards(weights));
  });

  it('balances the shards by weight: no shard carries much more than its share', () => {
    // One heavy file and many light ones, as the repository has (one screen's stories weigh
    // four times the median file).
    const weights: Record<string, number> = { '../heavy.stories.tsx': 14_600 };
    for (let i = 0; i < 70; i += 1) weights[`../f${i}.stories.tsx`] = 1500 + ((i * 37) % 3000);
    const total = Object.values(weights).reduce((a, b) => a + b, 0);
    const loads = allShards(weights).map((files) => files.reduce((sum, f) => sum + weights[f]!, 0));
    const share = Math.max(total / STORY_SHARDS, 14_600);
    for (const load of loads) expect(load).toBeLessThanOrEqual(share * 1.25);
    // The heavy file's shard takes fewer files than any other.
    const shards = allShards(weights);
    const heavy = shards.find((files) => files.includes('../heavy.stories.tsx'))!;
    for (const other of shards)
      if (other !== heavy) expect(heavy.length).toBeLessThan(other.length);
  });

  it('refuses a shard that does not exist', () => {
    expect(() => filesOfShard({ a: 1 }, 0)).toThrow(RangeError);
    expect(() => filesOfShard({ a: 1 }, STORY_SHARDS + 1)).toThrow(RangeError);
  });
});
