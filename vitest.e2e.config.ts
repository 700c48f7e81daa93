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
    pool: 'forks',
    // A worker's files share its modules (the test files themselves are loaded afresh), and
    // so its browser (support/browser.ts): a fresh module graph and Chromium per file cost
    // ~0.5 s of import and ~0.3 s of launch and close each, about 50 files.
    isolate: false,
    // Two files at once, each with its own browser: the suite mostly waits (the demo's network
    // latency, timers), so one file at a time left the 2-core machine ~70% idle. Measured on
    // one machine: 481 s one at a time, 269 s two at a time (CPU 60–75% busy), 75 of 75 passed.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    reporters: ['verbose'],
  },
});
