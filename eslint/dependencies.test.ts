// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILD_TIME_PACKAGES, isRuntimeModule } from './boundaries.js';

/**
 * package.json's `dependencies` are what shipped code needs: the app, the demo's host script,
 * panel and backend worker. Tools and build-time generators (the faker seed factories) belong
 * in devDependencies.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier of a file: static and type imports, re-exports, `import()`. */
function specifiers(code: string): string[] {
  const found = [
    ...code.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

/** The package a specifier names, or null for a repository path or a Node built-in. */
function packageOf(specifier: string): string | null {
  if (/^(\.|\/|@\/|@mocks\/|node:)/.test(specifier)) return null;
  const parts = specifier.replace(/\?.*$/, '').split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const runtime = ['src', 'mocks']
  .flatMap(sourceFiles)
  .filter((file) => isRuntimeModule(file))
  .map((file) => ({ file, imports: specifiers(readFileSync(join(ROOT, file), 'utf8')) }));

/** Packages shipped code imports, with the files that do. */
const imported = new Map<string, string[]>();
for (const { file, imports } of runtime)
  for (const pkg of imports.map(packageOf))
    if (pkg) imported.set(pkg, [...(imported.get(pkg) ?? []), file]);

function peersOf(pkg: string): string[] {
  const path = join(ROOT, 'node_modules', pkg, 'package.json');
  const json = JSON.parse(readFileSync(path, 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return Object.keys(json.peerDependencies ?? {});
}

describe('runtime dependencies (package.json)', () => {
  it('the scan sees shipped code: the app, the demo and the backend', () => {
    const files = runtime.map((r) => r.file);
    for (const file of ['src/main.tsx', 'src/demo/panel.tsx', 'mocks/backend.ts'])
      expect(files).toContain(file);
    expect(files).not.toContain('mocks/factories.ts');
    expect(files.some((f) => /\.(test|stories)\.tsx?$/.test(f))).toBe(false);
    expect(imported.get('react-dom')).toContain('src/main.tsx');
    expect([...imported.keys()]).toContain('@msw/data');
  });

  it('lists no build-time-only package; those are devDependencies', () => {
    const buildTime = Object.keys(manifest.dependencies).filter((p) => BUILD_TIME_PACKAGES.test(p));
    expect(buildTime).toEqual([]);
    expect(manifest.devDependencies).toHaveProperty('@faker-js/faker');
  });

  it('no shipped module imports faker or the seed generator that uses it', () => {
    const offenders = runtime.filter(({ imports }) =>
      imports.some((s) => BUILD_TIME_PACKAGES.test(s) || /(^|\/)factories(\.ts)?$/.test(s)),
    );
    expect(offenders.map((r) => r.file)).toEqual([]);
    // The generator itself does use faker: the scan would see an import of it.
    const generator = specifiers(readFileSync(join(ROOT, 'mocks/factories.ts'), 'utf8'));
    expect(generator.some((s) => BUILD_TIME_PACKAGES.test(s))).toBe(true);
  });

  it('every runtime dependency is imported by shipped code, or is the peer of one that is', () => {
    const used = new Set(imported.keys());
    const peers = new Set(
      Object.keys(manifest.dependencies)
        .filter((p) => used.has(p))
        .flatMap(peersOf),
    );
    const unused = Object.keys(manifest.dependencies).filter((p) => !used.has(p) && !peers.has(p));
    expect(unused, `dependencies no shipped module needs: ${unused.join(', ')}`).toEqual([]);
  });
});
