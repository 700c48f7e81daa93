import { relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The first screens' chunks, named by the modules they hold rather than by path patterns: a
 * group lists its source modules (and the packages it takes), and the build fails when what
 * lands in the group's chunk is not that list. A file moved, renamed or newly pulled in then
 * stops the build with its name, instead of silently changing what a first screen loads.
 */
export interface ChunkGroup {
  name: string;
  /** A module that two groups could take goes to the higher priority. */
  priority: number;
  /**
   * Every source module of the group's chunk, relative to the project root (style sheets
   * included); `vite/preload-helper.js` stands for Vite's preload helper.
   */
  modules: readonly string[];
  /** Packages (by name under node_modules) the group takes, with what they import. */
  packages?: readonly string[];
  /**
   * Take the modules' dependencies along (rolldown's `includeDependenciesRecursively`); those
   * from `src/` must then be listed too.
   */
  withDependencies?: boolean;
}

/** A module id as the groups name it: project-relative, POSIX, no query, no virtual marker. */
export function moduleName(id: string, root: string): string {
  const path = id.replace(/^\0/, '').replace(/\?.*$/, '');
  if (path.startsWith('vite/')) return path;
  const rel = relative(root, path);
  return (rel.startsWith('..') ? path : rel).split(sep).join('/');
}

const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? null;

/** The groups as rolldown's `output.codeSplitting.groups`. */
export function rolldownGroups(groups: readonly ChunkGroup[], root: string) {
  return groups.map((group) => {
    const modules = new Set(group.modules);
    const packages = new Set(group.packages ?? []);
    return {
      name: group.name,
      priority: group.priority,
      includeDependenciesRecursively: group.withDependencies ?? false,
      test: (id: string) => {
        const pkg = packageOf(id);
        return pkg ? packages.has(pkg) : modules.has(moduleName(id, root));
      },
    };
  });
}

/** What is wrong with one group's chunk: listed modules it lacks, source modules it should not hold. */
export function groupDifferences(
  group: ChunkGroup,
  held: readonly string[],
): { missing: string[]; extra: string[] } {
  const listed = new Set(group.modules);
  const inChunk = new Set(held.filter((m) => !m.includes('node_modules/')));
  return {
    missing: group.modules.filter((m) => !inChunk.has(m)),
    extra: [...inChunk].filter((m) => !listed.has(m)),
  };
}

/** The check's plugin name, by which Storybook's build (other chunks) leaves it out. */
export const CHUNK_GROUPS_PLUGIN = 'inkworld:chunk-groups';

/** Fails the build when a group's chunk does not hold exactly its listed source modules. */
export function chunkGroupsCheck(groups: readonly ChunkGroup[]): Plugin {
  let root = '';
  return {
    name: CHUNK_GROUPS_PLUGIN,
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const problems: string[] = [];
      for (const group of groups) {
        const chunks = Object.values(bundle).filter(
          (c) => c.type === 'chunk' && c.name === group.name,
        );
        const held = chunks.flatMap((c) =>
          c.type === 'chunk' ? Object.keys(c.modules).map((id) => moduleName(id, root)) : [],
        );
        const { missing, extra } = groupDifferences(group, held);
        for (const m of missing) problems.push(`${group.name}: ${m} is not in its chunk`);
        for (const m of extra) problems.push(`${group.name}: ${m} is in its chunk, unlisted`);
      }
      if (problems.length)
        this.error(
          `The first screens' chunk groups (vite.config.ts) changed:\n  ${problems.join('\n  ')}\n` +
            'List a module where it belongs, or move it out on purpose and measure `npm run bench`.',
        );
    },
  };
}
