// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { preloadScript, routePreload } from './route-preload-plugin';

const ROOT = '/project';

function chunk(fileName: string, modules: string[], imports: string[] = [], css: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    isEntry: fileName.startsWith('assets/index'),
    moduleIds: modules.map((m) => `${ROOT}/${m}`),
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

/** A build: the entry and a shared chunk; the square screen importing both and a list chunk. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', ['src/main.tsx'], ['assets/shared-1.js'], ['assets/index-1.css']),
    chunk('assets/shared-1.js', ['node_modules/react/index.js']),
    chunk('assets/layout-1.js', ['src/app/layouts/dashboard-layout.tsx'], ['assets/shared-1.js']),
    chunk(
      'assets/square-screen-1.js',
      ['src/features/social/components/square-screen.tsx'],
      ['assets/shared-1.js', 'assets/index-1.js', 'assets/list-1.js'],
      ['assets/square-1.css'],
    ),
    chunk('assets/list-1.js', ['src/features/social/components/share-card-list.tsx']),
    chunk('assets/square-zh-1.js', ['src/locales/zh/square.json']),
    chunk('assets/square-en-1.js', ['src/locales/en/square.json']),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

function build(screens: Parameters<typeof routePreload>[0], base = '/') {
  const plugin = routePreload(screens);
  (plugin.configResolved as (c: { root: string; base: string }) => void)({ root: ROOT, base });
  const transform = plugin.transformIndexHtml as unknown as {
    handler: (
      html: string,
      ctx: { bundle: Rollup.OutputBundle; path: string },
    ) => {
      children: string;
    }[];
  };
  return transform.handler('', { bundle, path: '/index.html' })[0]!.children;
}

const SQUARE = {
  path: '/dashboard/square',
  modules: [
    'src/app/layouts/dashboard-layout.tsx',
    'src/features/social/components/square-screen.tsx',
  ],
  byLanguage: { zh: ['src/locales/zh/square.json'], en: ['src/locales/en/square.json'] },
};

function run(script: string, path: string, lang = 'zh-CN') {
  window.history.replaceState(null, '', path);
  document.documentElement.lang = lang;
  new Function(script)();
  return [...document.head.querySelectorAll('link')].map(
    (l) =>
      `${l.rel}${l.getAttribute('as') ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`,
  );
}

describe('route preload (index.html)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.documentElement.lang = 'zh-CN';
  });

  it("preloads a screen's chunks, their imports and style sheets, minus what the entry loads", () => {
    expect(run(build([SQUARE]), '/dashboard/square')).toEqual([
      'modulepreload /assets/layout-1.js',
      'modulepreload /assets/square-screen-1.js',
      'preload:style /assets/square-1.css',
      'modulepreload /assets/list-1.js',
      'modulepreload /assets/square-zh-1.js',
    ]);
  });

  it("takes the strings of the page's language, a trailing slash, and nothing elsewhere", () => {
    const script = build([SQUARE]);
    expect(run(script, '/dashboard/square/', 'en')).toContain(
      'modulepreload /assets/square-en-1.js',
    );
    expect(run(script, '/dashboard/square/', 'en')).not.toContain(
      'modulepreload /assets/square-zh-1.js',
    );
    document.head.innerHTML = '';
    expect(run(script, '/dashboard/novels')).toEqual([]);
    expect(run(script, '/dashboard/square/123')).toEqual([]);
  });

  it('works under a sub-path base', () => {
    const script = build([SQUARE], '/demo/');
    expect(run(script, '/demo/dashboard/square')).toContain(
      'modulepreload /demo/assets/layout-1.js',
    );
  });

  it('marks style preloads anonymous, as the stylesheet Vite adds later is', () => {
    run(build([SQUARE]), '/dashboard/square');
    expect(document.head.querySelector('link[as=style]')?.getAttribute('crossorigin')).toBe('');
  });

  it('fails the build when a listed module is in no chunk', () => {
    expect(() => build([{ path: '/x', modules: ['src/features/gone.tsx'] }])).toThrow(
      /src\/features\/gone\.tsx is in no chunk/,
    );
  });

  it("leaves other pages built with the config alone (Storybook's iframe.html)", () => {
    const plugin = routePreload([{ path: '/x', modules: ['src/features/gone.tsx'] }]);
    (plugin.configResolved as (c: { root: string; base: string }) => void)({
      root: ROOT,
      base: '/',
    });
    const transform = plugin.transformIndexHtml as unknown as {
      handler: (html: string, ctx: { bundle: Rollup.OutputBundle; path: string }) => unknown[];
    };
    expect(transform.handler('', { bundle, path: '/iframe.html' })).toEqual([]);
  });

  it('writes a script without a closing tag in it', () => {
    expect(preloadScript([], '/')).not.toMatch(/<\/script/i);
  });
});
