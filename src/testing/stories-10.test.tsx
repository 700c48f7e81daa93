import { runStoryShard } from './run-stories';

// Shard 10 of the story test (src/testing/story-shards.ts says how the stories are split).
await runStoryShard(10);
