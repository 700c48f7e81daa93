import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The plugin's name, by which Storybook's build leaves it out (.storybook/main.ts). */
export const COMPILE_HINTS_PLUGIN = 'inkworld:compile-hints';

/**
 * Marks the chunks that every first screen runs at start-up (the entry and the chunk groups
 * named, e.g. `shared`) with V8's explicit compile hint. Chrome then compiles their functions
 * on a background thread while the file downloads, instead of compiling each on the main
 * thread the first time it is called: start-up's evaluation, first render and router set-up
 * do less on the main thread (measured in docs/performance.md). Other browsers read a comment.
 *
 * The hint must be the file's first line, so this runs after every other plugin has written
 * the chunks (Vite adds its preload map at the top of the entry in its own last step).
 */
export function compileHints(groups: string[]): Plugin {
  return {
    name: COMPILE_HINTS_PLUGIN,
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const hinted = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !(chunk.isEntry || groups.includes(chunk.name))) continue;
          hinted.add(chunk.name);
          if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
        // The names repeat the chunk groups' names (vite.config.ts): a group renamed or gone
        // must not lose its hint without a word.
        const missing = groups.filter((name) => !hinted.has(name));
        if (missing.length) this.error(`compile hints: no chunk named ${missing.join(', ')}`);
      },
    },
  };
}
