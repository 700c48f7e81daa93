import { runStoryShard } from './run-stories';

// Shard 11 of the story test (src/testing/story-shards.ts says how the stories are split).
await runStoryShard(11);
