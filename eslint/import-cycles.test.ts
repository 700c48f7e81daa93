import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the shipped client: not between modules, not between folders (a layer,
 * a feature, a shared component's folder). ESLint checks one file at a time; a cycle is a
 * property of the whole graph, so it is checked here, over every module of `src/` that ships
 * (tests, stories and `src/testing/` left out), from its static value imports (`import type`
 * leaves no edge at run time, and `import()` loads later by design).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

type Graph = Map<string, Set<string>>;

/** Every set of two or more nodes that reach each other (Tarjan's strongly connected components). */
export function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const shipped = (file: string) =>
  /\.tsx?$/.test(file) &&
  !/\.(test|stories|fixtures)\.tsx?$/.test(file) &&
  !file.endsWith('.d.ts') &&
  !file.startsWith('src/testing/');

function moduleGraph(): Graph {
  const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .map((f) => `src/${f.replaceAll('\\', '/')}`)
    .filter(shipped);
  const known = new Set(files);
  const resolveImport = (specifier: string, from: string) => {
    let path: string;
    if (specifier.startsWith('@/')) path = `src/${specifier.slice(2)}`;
    else if (specifier.startsWith('.'))
      path = relative(ROOT, resolve(ROOT, dirname(from), specifier)).replaceAll('\\', '/');
    else return null;
    path = path.replace(/\?.*$/, '');
    return (
      [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`].find((p) =>
        known.has(p),
      ) ?? null
    );
  };
  const graph: Graph = new Map();
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const edges = new Set<string>();
    const imports = [
      ...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gm),
    ]
      .filter((m) => !m[1])
      .map((m) => m[2]!);
    const bare = [...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    for (const specifier of [...imports, ...bare]) {
      const to = resolveImport(specifier, file);
      if (to && to !== file) edges.add(to);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** A module's folder: a feature or a shared component's folder, else its layer. */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[1] === 'features' || parts[1] === 'components') return parts.slice(0, 3).join('/');
  // src/main.tsx composes the app.
  return parts.length === 2 ? 'src/app' : parts.slice(0, 2).join('/');
}

describe('import cycles', () => {
  it('finds a cycle where there is one (the check itself)', () => {
    const graph: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set()],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });

  const graph = moduleGraph();

  it('reads the whole client', () => {
    expect(graph.size).toBeGreaterThan(300);
    // Alias, relative and index imports all make edges.
    expect(graph.get('src/app/store.ts')?.has('src/core/session-slice.ts')).toBe(true);
    expect([...graph.values()].reduce((n, e) => n + e.size, 0)).toBeGreaterThan(1000);
  });

  it('has no cycle between modules', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('has no cycle between folders (layers, features, shared component folders)', () => {
    const folders: Graph = new Map();
    for (const [file, edges] of graph) {
      const from = folderOf(file);
      if (!folders.has(from)) folders.set(from, new Set());
      for (const to of edges) if (folderOf(to) !== from) folders.get(from)!.add(folderOf(to));
    }
    expect(cyclesOf(folders)).toEqual([]);
  });
});
