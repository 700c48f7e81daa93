import type { Alias, Plugin, ResolvedConfig } from 'vite';

/**
 * The demo's backend and its host script, built beside the app by the app's own build (and
 * served by the dev server), only when the mock backend is on:
 * - `mock-backend.js`: the service worker (mocks/sw/service-worker.ts), at the base so its
 *   scope covers the app;
 * - the host script (src/demo/register.ts), inlined into index.html before the app's bundle,
 *   so the worker downloads beside the app;
 * - `mock-panel.js`: the mock panel (src/demo/panel.tsx), loaded when it is first opened.
 * Each is one self-contained classic script. The app's own bundle is the same as a
 * real-backend build's.
 */
const ENTRIES = {
  worker: { entry: 'mocks/sw/service-worker.ts', file: 'mock-backend.js' },
  panel: { entry: 'src/demo/panel.tsx', file: 'mock-panel.js' },
  host: { entry: 'src/demo/register.ts', file: 'register.js' },
} as const;
type Part = keyof typeof ENTRIES;

export const DEMO_BACKEND_PLUGIN = 'inkworld:demo-backend';

export function demoBackend(options: {
  enabled: boolean;
  alias: Alias[] | Record<string, string>;
}): Plugin {
  let config: ResolvedConfig;
  const cache = new Map<Part, Promise<string>>();

  async function bundle(part: Part): Promise<string> {
    const { build } = await import('vite');
    const { entry, file } = ENTRIES[part];
    const output = await build({
      configFile: false,
      root: config.root,
      base: config.base,
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      // The panel's JSX, compiled for production whatever mode the outer build runs in.
      oxc: { jsx: { runtime: 'automatic', development: false } },
      resolve: { alias: options.alias },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        write: false,
        target: 'es2022',
        minify: true,
        sourcemap: false,
        reportCompressedSize: false,
        lib: { entry, formats: ['iife'], name: '__inkworldDemo', fileName: () => file },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    for (const result of results)
      if ('output' in result)
        for (const chunk of result.output) if (chunk.type === 'chunk') return chunk.code;
    throw new Error(`demo backend: building ${entry} produced no script`);
  }

  const get = (part: Part) => {
    let code = cache.get(part);
    if (!code) {
      code = bundle(part);
      cache.set(part, code);
      code.catch(() => cache.delete(part));
    }
    return code;
  };

  return {
    name: DEMO_BACKEND_PLUGIN,
    configResolved(resolved) {
      config = resolved;
    },
    async transformIndexHtml() {
      if (!options.enabled) return [];
      const code = await get('host');
      // </script> cannot occur in minified code except inside a string: escape it anyway.
      return [
        { tag: 'script', children: code.replace(/<\/script/gi, '<\\/script'), injectTo: 'head' },
      ];
    },
    async generateBundle() {
      if (!options.enabled) return;
      for (const part of ['worker', 'panel'] as const)
        this.emitFile({ type: 'asset', fileName: ENTRIES[part].file, source: await get(part) });
    },
    configureServer(server) {
      if (!options.enabled) return;
      // Any change to a source file may touch the backend or the host: build again on demand.
      server.watcher.on('change', () => cache.clear());
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const part = (['worker', 'panel'] as const).find(
          (p) => path === `${config.base}${ENTRIES[p].file}`,
        );
        if (!part) return next();
        get(part).then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
