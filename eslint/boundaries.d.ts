import type { ESLint } from 'eslint';

/** Types for the parts of eslint/boundaries.js that tests import. */
export declare const BUILD_TIME_PACKAGES: RegExp;
export declare function isRuntimeModule(file: string): boolean;
export declare const ZONES: {
  name: string;
  applies(from: string): boolean;
  check(to: string, from: string): string | null;
}[];
declare const plugin: ESLint.Plugin;
export default plugin;
