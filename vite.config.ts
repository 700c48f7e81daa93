/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { demoBackend } from './scripts/demo-backend-plugin.ts';
import { contentSecurityPolicy } from './scripts/csp-plugin.ts';
import { routePreload } from './scripts/route-preload-plugin.ts';
import { compileHints } from './scripts/compile-hints-plugin.ts';
import { chunkGroupsCheck, rolldownGroups, type ChunkGroup } from './scripts/chunk-groups.ts';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

/** The story files' runners (src/testing/story-shards.ts). */
const STORY_SHARDS = 'src/testing/stories-*.test.tsx';

const UNIT_TESTS = [
  'src/**/*.test.{ts,tsx}',
  'mocks/**/*.test.{ts,tsx}',
  'eslint/**/*.test.ts',
  'scripts/**/*.test.ts',
];
/**
 * Test files that must not share a module graph: every `vi.mock`, and those listed here. The
 * source is read only when Vitest loads this config, not for every build or dev start.
 */
const ISOLATED_TESTS = [
  ...(process.env.VITEST ? ['src', 'mocks', 'eslint', 'scripts'] : []).flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
      .filter((file) => /\.test\.tsx?$/.test(file))
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8'))),
  ),
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Fewer, larger chunks on the first screens: the building blocks and libraries every screen
 * uses load as one file, each first screen's own pieces as a few more, instead of a dozen
 * requests of a few hundred bytes each, which held back the first covers. Each group names its
 * modules; the build fails when a group's chunk holds anything else (`scripts/chunk-groups.ts`),
 * so moving a file cannot silently change what a first screen loads. What only some screens use stays out, with what loads it (dialogs and
 * their fields and drafts are lazy). `npm run bench` shows what each first screen loads.
 */
const CHUNK_GROUPS: ChunkGroup[] = [
  {
    // Taken first, so the libraries every screen uses never land in a screen's group. The API
    // client, the session's core and the paths are here too: left to a screen's group they made
    // every screen load that screen. So is Vite's preload helper (every dynamic import's).
    name: 'shared',
    priority: 2,
    withDependencies: true,
    packages: ['react-router', '@reduxjs/toolkit'],
    modules: [
      'vite/preload-helper.js',
      'src/api/base-api.ts',
      'src/api/base-query.ts',
      'src/api/error-messages.ts',
      'src/api/served-text.ts',
      'src/app/hooks.ts',
      'src/components/ui/avatar/avatar.tsx',
      'src/components/ui/dialog/dialog-host.tsx',
      'src/components/ui/dialog/dialog-store.ts',
      'src/components/ui/dialog/modal-layer.ts',
      'src/components/ui/icon/icons.tsx',
      'src/components/ui/list-state/list-state.tsx',
      'src/components/ui/loading-overlay/loading-icon.tsx',
      'src/components/ui/loading-overlay/loading-overlay.tsx',
      'src/components/ui/loading-overlay/overlay-slice.ts',
      'src/components/ui/toast/toast-slice.ts',
      'src/components/ui/toast/toast.tsx',
      'src/config/backend-gate.ts',
      'src/config/env.ts',
      'src/config/paths.ts',
      'src/core/api-error.ts',
      'src/core/authorised-call.ts',
      'src/core/cross-tab.ts',
      'src/core/headers.ts',
      'src/core/refresh.ts',
      'src/core/session-slice.ts',
      'src/lib/clock.ts',
      'src/lib/date-format.ts',
      'src/lib/i18n-language.ts',
      'src/lib/image-url.ts',
      'src/lib/number-format.ts',
      'src/lib/overlay-machine.ts',
      'src/lib/safe-url.ts',
      'src/lib/timed-fetch.ts',
      'src/lib/toast-machine.ts',
      'src/rules/text-count.ts',
    ],
  },
  {
    // The dashboard's frame (layout, header, its search box and account button).
    name: 'dashboard-shell',
    priority: 1,
    modules: [
      'src/app/layouts/app-header.tsx',
      'src/app/layouts/dashboard-layout.tsx',
      'src/app/layouts/header-search.tsx',
      'src/app/layouts/novels-offers-slot.tsx',
      'src/app/layouts/use-active-item-in-strip.ts',
      'src/components/layouts/shell.tsx',
      'src/components/search/search-box.tsx',
      'src/features/auth/components/account-menu.tsx',
      'src/rules/search.ts',
    ],
  },
  {
    // The square's own screen (tabs, characters rail, its API).
    name: 'square-screen',
    priority: 1,
    modules: [
      'src/api/square/index.ts',
      'src/api/square/square.gen.ts',
      'src/features/social/components/square-characters-rail.tsx',
      'src/features/social/components/square-screen.tsx',
      'src/features/social/model/square-tabs.ts',
    ],
  },
  {
    // Share cards and the author link (its hover card is lazy), with what paged lists share
    // (the cursor, the load-more sentinel, the cover stand-in): the square, the feed, author
    // pages and share pages. One file: the square counts its files before its first cover.
    name: 'share-cards',
    priority: 1,
    modules: [
      'src/api/paging.ts',
      'src/components/ui/cover/cover-fallback.tsx',
      'src/lib/use-scroll-to-bottom.ts',
      'src/components/social/author-link.tsx',
      'src/components/social/hover-card-position.ts',
      'src/components/social/official-badge.tsx',
      'src/components/social/own-avatar.ts',
      'src/components/social/social.css',
      'src/features/social/components/share-card-list.tsx',
      'src/features/social/components/share-card.css',
      'src/features/social/components/share-card.tsx',
      'src/features/social/model/share-time.ts',
    ],
  },
  {
    // The signed-in frame (the account menu with the power balance, logging out) and the login
    // guard of the L routes: one file where a session or a guarded screen needs them, none on
    // the open screens of a visitor (the square).
    name: 'signed-in',
    priority: 1,
    modules: [
      'src/app/held-screen.tsx',
      'src/app/require-auth.tsx',
      'src/components/power/lazy-power-breakdown.tsx',
      'src/features/auth/components/signed-in-menu.tsx',
      'src/rules/power.ts',
      'src/session/logout.ts',
    ],
  },
  {
    // My stories' list screen with the stories API beside it (the recycle bin is its own).
    name: 'stories-lists',
    priority: 1,
    withDependencies: true,
    modules: [
      'src/api/stories/index.ts',
      'src/api/stories/stories.gen.ts',
      'src/components/ui/dialog/lazy-confirm-dialog.tsx',
      'src/features/stories/components/novels-screen.tsx',
      'src/features/stories/components/share-badge.tsx',
      'src/features/stories/components/stories.css',
      'src/features/stories/model/format.ts',
    ],
  },
];

// The hosted demo can live under a sub-path: `VITE_BASE=/demo/ npm run build`.
const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
  // MSW's cookie store only; see the file for why (≈100 KB gzip of public-suffix data).
  'tough-cookie': fileURLToPath(new URL('./mocks/shims/tough-cookie.ts', import.meta.url)),
};

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const base = env.VITE_BASE || '/';
  return {
    base,
    plugins: [
      react(),
      demoBackend({ enabled: env.VITE_MOCKS !== 'false', alias }),
      // The first screens' chunks download beside the main bundle, not after it has run.
      routePreload([
        {
          path: '/dashboard/square',
          modules: [
            'src/app/layouts/dashboard-layout.tsx',
            'src/features/social/components/square-screen.tsx',
          ],
          byLanguage: {
            zh: ['src/locales/zh/square.json'],
            en: [
              'src/locales/en/square.json',
              'src/locales/en/common.json',
              'src/locales/en/errors.json',
            ],
          },
        },
        {
          path: '/dashboard/novels',
          modules: [
            'src/app/layouts/dashboard-layout.tsx',
            'src/app/require-auth.tsx',
            'src/features/stories/components/novels-screen.tsx',
          ],
          byLanguage: {
            zh: ['src/locales/zh/stories.json'],
            en: [
              'src/locales/en/stories.json',
              'src/locales/en/common.json',
              'src/locales/en/errors.json',
            ],
          },
        },
      ]),
      contentSecurityPolicy(env),
      // Start-up's chunks and the first screens' are compiled off the main thread while they
      // download (main-thread compiling on the square: about a third, docs/performance.md).
      compileHints(CHUNK_GROUPS.map((g) => g.name)),
      chunkGroupsCheck(CHUNK_GROUPS),
      // Static hosts that serve 404.html for unknown paths (GitHub Pages and the like) get
      // the SPA fallback too; hosts with rewrites serve index.html directly.
      {
        name: 'spa-404-fallback',
        apply: 'build',
        writeBundle(options, bundle) {
          if (
            options.dir &&
            'index.html' in bundle &&
            existsSync(join(options.dir, 'index.html'))
          ) {
            copyFileSync(join(options.dir, 'index.html'), join(options.dir, '404.html'));
          }
        },
      },
    ],
    resolve: { alias },
    server: { port: 5173, strictPort: false },
    preview: { port: 4173 },
    build: {
      target: 'es2022',
      // <link rel="modulepreload"> is a hint: a browser without it (Safari before 17) fetches
      // the same chunks a moment later, so its polyfill is not worth 0.3 KB gzip on every
      // first screen.
      modulePreload: { polyfill: false },
      sourcemap: false,
      reportCompressedSize: false,
      // Fewer, larger chunks on the first screens (`CHUNK_GROUPS`), each checked at build time.
      rolldownOptions: {
        output: { codeSplitting: { groups: rolldownGroups(CHUNK_GROUPS, ROOT) } },
      },
    },
    test: {
      globals: true,
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      css: false,
      testTimeout: 15000,
      // expect.poll's bound, as Testing Library's (setup-tests.ts): a wait ends when what it
      // waits for shows; the bound only decides when a missing thing fails.
      expect: { poll: { timeout: 10_000 } },
      pool: 'threads',
      // Vitest's default in run mode is one worker fewer than the cores: one worker on the
      // 2-core CI machines, with a core left idle for most of the suite.
      maxWorkers: 2,
      env: { VITE_MOCKS: 'true' },
      // One copy of user-event in a worker: see the file.
      alias: [
        {
          find: /^storybook\/test$/,
          replacement: fileURLToPath(new URL('./src/testing/storybook-test.ts', import.meta.url)),
        },
      ],
      // Globals a test stubs are put back after it, as a file of its own would have had them.
      unstubGlobals: true,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: UNIT_TESTS,
            exclude: [...ISOLATED_TESTS, STORY_SHARDS],
            // A fresh jsdom and module graph per file cost ~2.7 s a file (about 190 files:
            // over half the suite's time on 2 cores). Files share their worker's instead; the
            // setup file resets what a file may leave behind (document, storage, language,
            // mock database, dialogs, refresh state), and every test renders a fresh store.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            // The stories (src/testing/story-shards.ts) share a worker among themselves, not
            // with the unit files: after unit files that type had run in a worker, a story's
            // typing in the next file could land nowhere, and a unit test's after a story's
            // (React's change handler never saw it), depending on the order files were dealt.
            name: 'stories',
            include: [STORY_SHARDS],
            isolate: false,
          },
        },
        {
          extends: true,
          // Each of these files gets a fresh jsdom and module graph, as Vitest's default.
          test: { name: 'isolated', include: ISOLATED_TESTS },
        },
      ],
    },
  };
});
