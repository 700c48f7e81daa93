/**
 * The story test is split into STORY_SHARDS files (`stories-1.test.tsx` …), each a Vitest file
 * of its own, so the two workers share the stories instead of one worker running all of them
 * at the end of the suite. Shard n (1-based) takes every STORY_SHARDS-th story file of the
 * sorted list, starting at the n-th: heavy screens spread over the shards.
 */
export const STORY_SHARDS = 8;

export function filesOfShard(files: readonly string[], shard: number, of = STORY_SHARDS): string[] {
  if (!Number.isInteger(shard) || shard < 1 || shard > of)
    throw new RangeError(`story shard ${shard} is not one of 1…${of}`);
  return [...files].sort().filter((_, i) => i % of === shard - 1);
}
