/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { demoBackend } from './scripts/demo-backend-plugin.ts';
import { contentSecurityPolicy } from './scripts/csp-plugin.ts';
import { routePreload } from './scripts/route-preload-plugin.ts';
import { compileHints } from './scripts/compile-hints-plugin.ts';
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
      compileHints(['shared', 'dashboard-shell', 'square-screen', 'share-cards', 'stories-lists']),
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
      // Fewer, larger chunks on the first screens: the shared building blocks and the libraries
      // every screen uses load as one file, my stories' list screens (with the API layer rolldown
      // puts beside them) as another, instead of a dozen requests of a few hundred bytes each.
      // Lighthouse on the signed-in novels screen: LCP 2.65 s → 2.34 s; on the square, where
      // 19 files came before the first cover and the two large scripts waited for a free
      // connection behind small ones, 9 files and LCP 2.88 s → 2.43 s.
      // The screens' groups take only the modules they name (`includeDependenciesRecursively:
      // false`): with their dependencies they took start-up modules along, which the entry then
      // imported from them, so every page loaded the dashboard's frame.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // Taken first, so the libraries every screen uses never land in a screen's group.
                // The API client, the session's core and the paths are listed too: a group takes
                // its modules' dependencies with it, and left to the stories group they made every
                // screen load my stories' lists. So is Vite's preload helper (every dynamic
                // import's). What only some screens use stays out, with what loads it: the dialog
                // frame, fields, the draft notice and durable text (dialogs are lazy), the paged
                // lists' kit (`list-kit`), the account and profile calls (their own modules). Each
                // first screen's files carry only what that screen imports (`npm run bench`).
                name: 'shared',
                priority: 2,
                test: /\/(src\/(components\/ui\/(?!field\/(use-max-length|draft-offer|field)|public-link\/|lazy-image\/|cover\/|dialog\/(use-login-first|confirm-dialog|lazy-confirm-dialog|dialog|dialog-close)\.)[\w/-]+\.tsx?$|lib\/(number-format|date-format|timed-fetch|i18n-language)\.ts|api\/served-text\.ts|rules\/text-count\.ts|config\/(paths|backend-gate)\.ts|app\/hooks\.ts|core\/(api-error|authorised-call|cross-tab|headers|refresh|session-slice)\.ts|api\/(base-api|base-query|error-messages)\.ts)|node_modules\/(react-router|@reduxjs\/toolkit)\/)|vite\/preload-helper/,
              },
              {
                // The dashboard's frame (layout, header, its search box and account button),
                // around every dashboard screen: one file instead of three (the search box's
                // style sheet is part of the global one).
                name: 'dashboard-shell',
                priority: 1,
                includeDependenciesRecursively: false,
                test: /\/src\/(app\/layouts\/(dashboard-layout|novels-offers-slot|use-active-item-in-strip|app-header|header-search)|components\/layouts\/shell|features\/auth\/components\/account-menu|components\/search\/search-box|rules\/search)\.tsx?$/,
              },
              {
                // The square's own screen (tabs, characters rail, its API).
                name: 'square-screen',
                priority: 1,
                includeDependenciesRecursively: false,
                test: /\/src\/(features\/social\/(components\/(square-screen|square-characters-rail)|model\/square-tabs)\.tsx?|api\/square\/.*\.ts)$/,
              },
              {
                // Share cards and the author link with its hover card, on the square, the
                // feed, author pages and share pages.
                name: 'share-cards',
                priority: 1,
                includeDependenciesRecursively: false,
                test: /\/src\/(features\/social\/(components\/(share-card-list|share-card)|model\/share-time)\.(tsx?|css)|components\/social\/(author-link|hover-card-position|own-avatar|official-badge)\.tsx?|components\/social\/social\.css)$/,
              },
              {
                // The signed-in frame (the account menu with the power balance, logging out) and
                // the login guard of the L routes: one file where a session or a guarded screen
                // needs them, none on the open screens of a visitor (the square).
                name: 'signed-in',
                priority: 1,
                includeDependenciesRecursively: false,
                test: /\/src\/(app\/(require-auth|held-screen)|features\/auth\/components\/signed-in-menu|session\/logout|rules\/power|components\/power\/lazy-power-breakdown)\.tsx?$/,
              },
              {
                // What paged lists share (the cursor, the load-more sentinel, the cover stand-in):
                // one file for the lists that use them, on no screen that has no list.
                name: 'list-kit',
                priority: 1,
                includeDependenciesRecursively: false,
                test: /\/src\/(api\/paging|lib\/use-scroll-to-bottom|components\/ui\/cover\/cover-fallback)\.tsx?$/,
              },
              {
                // Only the list screens and their own pieces: a group takes its modules'
                // dependencies along, so with the whole stories folder (the shared story page
                // with the author link and follow button) the square loaded this group too.
                name: 'stories-lists',
                priority: 1,
                test: /\/src\/features\/stories\/(components\/(novels-screen|share-badge)|model\/(format|recycle))\.tsx?$/,
              },
            ],
          },
        },
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
