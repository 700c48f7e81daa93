#!/usr/bin/env node
/**
 * `npm run mock-server`: the mock backend (mocks/) over real HTTP on localhost.
 *
 * The backend is TypeScript with the app's path aliases, JSON imports and `import.meta.env`,
 * which Node 20 cannot run as is: Vite bundles mocks/node/main.ts for Node (packages stay in
 * node_modules) into .mock-server/build/, and the bundle runs in this process with the
 * command line's flags. Building takes a few seconds and always matches the sources.
 */
import { build } from 'vite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, '.mock-server/build');

// The aliases of vite.config.ts (that file also loads the app's plugins, so it is not reused).
const alias = {
  '@': join(root, 'src'),
  '@mocks': join(root, 'mocks'),
  'tough-cookie': join(root, 'mocks/shims/tough-cookie.ts'),
};

await build({
  configFile: false,
  root,
  base: '/',
  mode: 'production',
  logLevel: 'warn',
  publicDir: false,
  resolve: { alias },
  build: {
    ssr: 'mocks/node/main.ts',
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    // One file: the seed (a dynamic import) and the server together.
    rolldownOptions: { output: { entryFileNames: 'main.mjs', codeSplitting: false } },
  },
});

const { main } = await import(pathToFileURL(join(outDir, 'main.mjs')).href);
await main(process.argv.slice(2));
