import { describe, expect, it } from 'vitest';
import { filesOfShard, STORY_SHARDS } from './story-shards';

const shardFiles = Object.keys(import.meta.glob('./stories-*.test.tsx'));

describe('story shards', () => {
  it('has one test file per shard, and no other', () => {
    expect(shardFiles.sort()).toEqual(
      Array.from({ length: STORY_SHARDS }, (_, i) => `./stories-${i + 1}.test.tsx`),
    );
  });

  it('puts every story file in exactly one shard, in any order given', () => {
    const files = Array.from(
      { length: 23 },
      (_, i) => `../f${String(i).padStart(2, '0')}.stories.tsx`,
    );
    const shuffled = [...files].reverse();
    const shards = Array.from({ length: STORY_SHARDS }, (_, i) => filesOfShard(shuffled, i + 1));
    expect(shards.flat().sort()).toEqual(files);
    for (const shard of shards)
      expect(shard.length).toBeGreaterThanOrEqual(Math.floor(23 / STORY_SHARDS));
  });

  it('refuses a shard that does not exist', () => {
    expect(() => filesOfShard(['a'], 0)).toThrow(RangeError);
    expect(() => filesOfShard(['a'], STORY_SHARDS + 1)).toThrow(RangeError);
  });
});
