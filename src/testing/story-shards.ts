/**
 * The story test is split into STORY_SHARDS files (`stories-1.test.tsx` …), each a Vitest file
 * of its own, so the two workers share the stories and no file runs far longer than the rest.
 * The story files are dealt out by weight (their size in bytes: over the repository's story
 * files, size and test time correlate at 0.9), heaviest first, each to the lightest shard so
 * far: the longest-processing-time rule. Equal weights fall back to the path, so the split is
 * the same on every machine.
 */
export const STORY_SHARDS = 12;

export function filesOfShard(
  weights: Readonly<Record<string, number>>,
  shard: number,
  of = STORY_SHARDS,
): string[] {
  if (!Number.isInteger(shard) || shard < 1 || shard > of)
    throw new RangeError(`story shard ${shard} is not one of 1…${of}`);
  const load = new Array<number>(of).fill(0);
  const mine: string[] = [];
  const files = Object.keys(weights).sort(
    (a, b) => weights[b]! - weights[a]! || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const file of files) {
    let lightest = 0;
    for (let i = 1; i < of; i += 1) if (load[i]! < load[lightest]!) lightest = i;
    load[lightest]! += weights[file]!;
    if (lightest === shard - 1) mine.push(file);
  }
  return mine.sort();
}
