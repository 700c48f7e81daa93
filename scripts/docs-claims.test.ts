import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The claims of docs/ARCHITECTURE.md, the CONTEXT.md files and README.md that can be checked
 * mechanically: the folder lists against the tree, every repository path they name, their
 * lengths, and the import rules the map states.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const posix = (path: string) => path.split(sep).join('/');
const ARCH = read('docs/ARCHITECTURE.md');

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.bench', 'test-results', 'coverage']);
const isSkipped = (name: string) =>
  SKIP_DIRS.has(name) || name.startsWith('dist-') || name.startsWith('.e2e-out');

/** Sub-folders of a folder, sorted. */
function folders(path: string): string[] {
  return readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** Every file under a folder (repository-relative), skipping builds and dependencies. */
function files(path: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const d of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (isSkipped(d.name)) continue;
      const p = dir ? `${dir}/${d.name}` : d.name;
      if (d.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(path);
  return out;
}

/** The text of a markdown section, from its heading to the next heading of its level or higher. */
function section(doc: string, heading: string): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`no section ${heading}`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Folder names listed as `name/` in a text. */
const listedFolders = (text: string) =>
  [...text.matchAll(/`([a-z][a-z0-9-]*)\/`/g)].map((m) => m[1]!).sort();

/** Folder names that start the bullets of a list (`- \`name/\` — …`). */
const bulletFolders = (text: string) =>
  [...text.matchAll(/^- `([a-z][a-z0-9-]*)\/`/gm)].map((m) => m[1]!).sort();

const CONTEXTS = files('')
  .filter((f) => f.endsWith('/CONTEXT.md'))
  .sort();

/** Repository paths named in backticks (rooted at a top-level folder, or the `@/` alias). */
const ROOTED = /^(?:src|mocks|scripts|eslint|tests|openapi|docs|public|\.storybook|\.ci)\//;
const PLACEHOLDER = /[<>{}*?=:\s()|…,]/;

function exists(path: string): boolean {
  const p = join(ROOT, path.replace(/^@\//, 'src/').replace(/^@mocks\//, 'mocks/'));
  return ['', '.ts', '.tsx', '.mjs', '.js', '.d.ts', '/index.ts'].some((ext) =>
    existsSync(p + ext),
  );
}

function namedPaths(doc: string, docPath: string): string[] {
  const missing: string[] = [];
  const here = dirname(docPath);
  for (const [, token] of doc.matchAll(/`([^`\n]+)`/g)) {
    if (!token || PLACEHOLDER.test(token)) continue;
    if (ROOTED.test(token) || token.startsWith('@/') || token.startsWith('@mocks/')) {
      if (!exists(token)) missing.push(token);
    } else if (docPath.endsWith('CONTEXT.md') && /\/.+\.[a-z]+$/.test(token)) {
      // A file named from its folder (`model/x.ts`), from src/ (`lib/x.ts`) or the root.
      const tries = [posix(join(here, token)), `src/${token}`, token];
      if (!tries.some(exists)) missing.push(token);
    }
  }
  for (const [, link] of doc.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (!link || /^[a-z]+:/.test(link)) continue;
    if (!existsSync(join(ROOT, here, link))) missing.push(link);
  }
  return missing;
}

describe('docs/ARCHITECTURE.md is the map of the tree as it is', () => {
  it('is at most 300 lines, with no issue numbers and no size figures', () => {
    expect(ARCH.split('\n').length).toBeLessThanOrEqual(300);
    expect(ARCH).not.toMatch(/\bissues?\s+#?\d+/i);
    expect(ARCH).not.toMatch(/\d\s?[KM]B\b/);
  });

  it('lists exactly the folders of src/ in its layer table', () => {
    const listed = [...section(ARCH, '## Layers of the client').matchAll(/^\| `src\/([^/`]+)\/`/gm)]
      .map((m) => m[1]!)
      .sort();
    expect(listed).toEqual(folders('src'));
  });

  it('lists exactly the folders of src/features, src/components and src/api', () => {
    expect(bulletFolders(section(ARCH, '### Features'))).toEqual(folders('src/features'));
    expect(bulletFolders(section(ARCH, '### Shared components'))).toEqual(
      folders('src/components'),
    );
    expect(listedFolders(section(ARCH, '### API'))).toEqual(folders('src/api'));
  });

  it('names exactly the folders of mocks/', () => {
    expect(listedFolders(section(ARCH, '## The mock backend'))).toEqual(folders('mocks'));
  });

  it('names only paths that exist', () => {
    expect(namedPaths(ARCH, 'docs/ARCHITECTURE.md')).toEqual([]);
  });
});

describe('each CONTEXT.md and the README', () => {
  it('finds the CONTEXT.md files', () => {
    expect(CONTEXTS.length).toBeGreaterThan(10);
  });

  it.each(CONTEXTS)('%s is at most 45 lines and names only paths that exist', (path) => {
    const text = read(path);
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(45);
    expect(namedPaths(text, path)).toEqual([]);
  });

  it('README.md names only paths that exist and points to the map', () => {
    const readme = read('README.md');
    expect(namedPaths(readme, 'README.md')).toEqual([]);
    expect(readme).toContain('(docs/ARCHITECTURE.md)');
    expect(readme).toContain('(docs/performance.md)');
  });
});

/** The import specifiers of a source file (static, dynamic, re-exports). */
function imports(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map(
    (m) => m[1]!,
  );
}

/** Repository path an import points at, or null for a package. */
function target(specifier: string, from: string): string | null {
  if (specifier.startsWith('@/')) return `src/${specifier.slice(2)}`;
  if (specifier.startsWith('@mocks/')) return `mocks/${specifier.slice(7)}`;
  if (specifier.startsWith('.'))
    return posix(relative(ROOT, resolve(ROOT, dirname(from), specifier)));
  return null;
}

const isTestCode = (f: string) =>
  /\.(test|stories|fixtures)\.tsx?$/.test(f) || f.startsWith('src/testing/');
const SHARED = ['api', 'components', 'config', 'lib', 'locales', 'rules', 'session', 'styles'];

describe('the import rules the map states', () => {
  const sources = files('src').filter((f) => /\.tsx?$/.test(f) && !isTestCode(f));
  const edges = sources.flatMap((from) =>
    imports(readFileSync(join(ROOT, from), 'utf8'))
      .map((s) => target(s, from))
      .filter((to): to is string => to !== null)
      .map((to) => ({ from, to })),
  );
  const top = (p: string) => p.split('/')[1] ?? '';
  const feature = (p: string) => (p.startsWith('src/features/') ? p.split('/')[2] : undefined);
  const broken = (rule: (from: string, to: string) => boolean) =>
    edges.filter(({ from, to }) => rule(from, to)).map(({ from, to }) => `${from} → ${to}`);

  it('reads the product sources', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(500);
  });

  it('features never import each other nor src/app', () => {
    expect(
      broken(
        (f, t) => !!feature(f) && ((!!feature(t) && feature(t) !== feature(f)) || top(t) === 'app'),
      ),
    ).toEqual([]);
  });

  it('shared code imports no feature and not src/app', () => {
    expect(
      broken((f, t) => SHARED.includes(top(f)) && ['features', 'app'].includes(top(t))),
    ).toEqual([]);
  });

  it('src/lib imports no api, session, components, features or app', () => {
    const above = ['api', 'session', 'components', 'features', 'app'];
    expect(
      broken((f, t) => top(f) === 'lib' && t.startsWith('src/') && above.includes(top(t))),
    ).toEqual([]);
  });

  it('src/rules imports only itself', () => {
    expect(broken((f, t) => top(f) === 'rules' && !t.startsWith('src/rules/'))).toEqual([]);
  });

  it('the app reaches the backend only over HTTP, and never src/demo', () => {
    expect(
      broken((f, t) => top(f) !== 'demo' && (t.startsWith('mocks/') || t.startsWith('src/demo/'))),
    ).toEqual([]);
  });

  it('ESLint enforces the same rules by resolved path', () => {
    expect(read('eslint.config.js')).toMatch(/'boundaries\/imports':\s*'error'/);
    const rule = read('eslint/boundaries.js');
    expect(rule).toContain('Features never import each other');
    expect(rule).toContain('src/lib/ holds leaf utilities');
    expect(rule).toContain('Shared rules (src/rules/) import only each other');
  });
});
