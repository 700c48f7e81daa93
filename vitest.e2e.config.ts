import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: real Chromium (playwright-core, /usr/bin/chromium) against the built demo.
 * Separate from vite.config.ts on purpose: no jsdom, no React plugin, no unit-test setup files.
 * `npm run test:e2e`; E2E_SKIP_BUILD=1 reuses dist and dist-subpath from an earlier run.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // One browser at a time: the machine has 2 cores and the timings of a busy CPU make flakes.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    reporters: ['verbose'],
  },
});
