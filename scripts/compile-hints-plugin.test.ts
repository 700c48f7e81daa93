import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { COMPILE_HINT, compileHints } from './compile-hints-plugin';

function chunk(name: string, code: string, isEntry = false) {
  return {
    type: 'chunk',
    name,
    code,
    isEntry,
    fileName: `assets/${name}.js`,
  } as Rollup.OutputChunk;
}

function run(bundle: Record<string, Rollup.OutputChunk | Rollup.OutputAsset>, groups = ['shared']) {
  const hook = compileHints(groups).generateBundle as {
    order: string;
    handler: (this: { error(message: string): never }, options: unknown, bundle: unknown) => void;
  };
  expect(hook.order).toBe('post');
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  hook.handler.call(context, {}, bundle);
}

describe('compile hints', () => {
  it('puts the hint on the first line of the entry and of the named groups only', () => {
    const bundle = {
      index: chunk('index', 'const __vite__mapDeps=1;import "./shared.js";', true),
      shared: chunk('shared', 'export const a=1;'),
      screen: chunk('novels-screen', 'export const b=2;'),
      style: { type: 'asset', name: 'index.css', source: 'a{}' } as unknown as Rollup.OutputAsset,
    };
    run(bundle);
    expect(bundle.index.code).toBe(
      `${COMPILE_HINT}\nconst __vite__mapDeps=1;import "./shared.js";`,
    );
    expect(bundle.shared.code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(bundle.screen.code).toBe('export const b=2;');
    expect(bundle.style.source).toBe('a{}');
  });

  it('adds it once', () => {
    const bundle = { shared: chunk('shared', `${COMPILE_HINT}\nexport const a=1;`) };
    run(bundle);
    expect(bundle.shared.code).toBe(`${COMPILE_HINT}\nexport const a=1;`);
  });

  it('fails the build when a named group made no chunk (renamed or gone)', () => {
    const bundle = { shared: chunk('shared', 'export const a=1;') };
    expect(() => run(bundle, ['shared', 'square-screen'])).toThrow(
      'compile hints: no chunk named square-screen',
    );
  });
});
