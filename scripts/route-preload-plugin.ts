import type { Plugin, Rollup } from 'vite';
import { moduleName } from './chunk-groups';

/**
 * Preloads the chunks of the first screens from index.html, so they download beside the main
 * bundle instead of after it has run: the router's lazy routes are found only once the bundle
 * has been evaluated (`preloadRoute`), a round trip and a parse later. Every route is one
 * `index.html` (a single-page app), so a small inline script, run while the page is parsed,
 * adds `<link rel="modulepreload">` for the screen of the address it was opened at.
 *
 * A screen is named by its path and the source modules its route loads (its layout, its
 * screen, its first requests' module, its strings per language). The build fails when a
 * module is in no chunk, so a renamed file cannot silently turn the preload off. The content
 * security policy (scripts/csp-plugin.ts) hashes the inline script like the others.
 */
export interface PreloadedScreen {
  /** The route's path below the base, e.g. `/dashboard/square` (a trailing slash matches too). */
  path: string;
  /** Source modules, relative to the project root, whose chunks (and their imports) to preload. */
  modules: string[];
  /** Modules of one language only (its strings), keyed by the language of `<html lang>`. */
  byLanguage?: Record<string, string[]>;
}

export function routePreload(screens: PreloadedScreen[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'inkworld:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      // Before the content security policy ('post'), which hashes the finished inline scripts.
      order: null,
      handler(_html, ctx) {
        // The app's page only (not, say, Storybook's iframe.html built with this config).
        if (!ctx.bundle || ctx.path !== '/index.html') return [];
        const chunks = Object.values(ctx.bundle).filter(
          (out): out is Rollup.OutputChunk => out.type === 'chunk',
        );
        const entry = new Set(entryFiles(chunks));
        const filesOf = (modules: string[]) =>
          [...new Set(modules.flatMap((m) => chunkClosure(chunks, chunkOf(chunks, root, m))))]
            .flatMap((file) => [file, ...cssOf(chunks, file)])
            .filter((file, i, all) => all.indexOf(file) === i && !entry.has(file))
            .map((file) => `${base}${file}`);
        const map = screens.map((screen) => ({
          path: screen.path,
          files: filesOf(screen.modules),
          byLanguage: Object.fromEntries(
            Object.entries(screen.byLanguage ?? {}).map(([lang, modules]) => [
              lang,
              filesOf(modules),
            ]),
          ),
        }));
        return [{ tag: 'script', children: preloadScript(map, base), injectTo: 'head' }];
      },
    },
  };
}

/** The style sheets Vite loads with a chunk (its preload helper adds them when it is imported). */
function cssOf(chunks: Rollup.OutputChunk[], file: string): string[] {
  const chunk = chunks.find((c) => c.fileName === file);
  const meta = (chunk as { viteMetadata?: { importedCss?: Set<string> } } | undefined)
    ?.viteMetadata;
  return [...(meta?.importedCss ?? [])];
}

/** The entry chunk and everything it imports statically: index.html loads those already. */
function entryFiles(chunks: Rollup.OutputChunk[]): string[] {
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) return [];
  const files = chunkClosure(chunks, entry);
  return [...files, ...files.flatMap((file) => cssOf(chunks, file))];
}

function chunkOf(chunks: Rollup.OutputChunk[], root: string, module: string): Rollup.OutputChunk {
  const found = chunks.find((c) => c.moduleIds.some((id) => moduleName(id, root) === module));
  if (!found) throw new Error(`route preload: ${module} is in no chunk of this build`);
  return found;
}

/** A chunk's file and the files of every chunk it imports statically, transitively. */
function chunkClosure(chunks: Rollup.OutputChunk[], start: Rollup.OutputChunk): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen];
}

interface ScreenFiles {
  path: string;
  files: string[];
  byLanguage: Record<string, string[]>;
}

/**
 * The inline script: for the screen whose path is the address's, one modulepreload link per
 * script and a style preload per style sheet, anonymous like the stylesheet link Vite adds
 * later (or the browser would fetch it twice); its language's strings by `<html lang>`, which
 * the theme script has set by then.
 */
export function preloadScript(screens: ScreenFiles[], base: string): string {
  const prefix = base.replace(/\/$/, '');
  return `(function(){var s=${JSON.stringify(screens)},p=location.pathname.slice(${prefix.length}).replace(/\\/$/,''),l=document.documentElement.lang==='en'?'en':'zh';for(var i=0;i<s.length;i++)if(s[i].path===p){var f=s[i].files.concat(s[i].byLanguage[l]||[]);for(var j=0;j<f.length;j++){var k=document.createElement('link');if(/\\.css$/.test(f[j])){k.rel='preload';k.setAttribute('as','style');k.setAttribute('crossorigin','');}else k.rel='modulepreload';k.href=f[j];document.head.appendChild(k);}}})();`;
}
