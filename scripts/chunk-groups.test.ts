import { describe, expect, it } from 'vitest';
import { groupDifferences, moduleName, rolldownGroups, type ChunkGroup } from './chunk-groups';

const ROOT = '/repo';
const group: ChunkGroup = {
  name: 'shell',
  priority: 1,
  modules: ['src/app/a.tsx', 'src/app/a.css', 'vite/preload-helper.js'],
  packages: ['react-router'],
};

describe('chunk groups named by their modules', () => {
  it('names a module as the groups list it', () => {
    expect(moduleName('/repo/src/app/a.tsx?used', ROOT)).toBe('src/app/a.tsx');
    expect(moduleName('\0vite/preload-helper.js', ROOT)).toBe('vite/preload-helper.js');
  });

  it('takes the listed modules and packages, and nothing near them', () => {
    const [test] = rolldownGroups([group], ROOT).map((g) => g.test);
    expect(test!('/repo/src/app/a.tsx')).toBe(true);
    expect(test!('\0vite/preload-helper.js')).toBe(true);
    expect(test!('/repo/node_modules/react-router/dist/index.mjs')).toBe(true);
    expect(test!('/repo/src/app/a-b.tsx')).toBe(false);
    expect(test!('/repo/node_modules/react-router-dom/dist/index.mjs')).toBe(false);
  });

  it('tells a listed module that left the chunk from one that came in unlisted', () => {
    expect(
      groupDifferences(group, [
        'src/app/a.tsx',
        'vite/preload-helper.js',
        'src/app/moved-in.ts',
        'node_modules/react-router/dist/index.mjs',
      ]),
    ).toEqual({ missing: ['src/app/a.css'], extra: ['src/app/moved-in.ts'] });
    expect(groupDifferences(group, [...group.modules])).toEqual({ missing: [], extra: [] });
  });
});
