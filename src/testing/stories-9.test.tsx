import { runStoryShard } from './run-stories';

// Shard 9 of the story test (src/testing/story-shards.ts says how the stories are split).
await runStoryShard(9);
