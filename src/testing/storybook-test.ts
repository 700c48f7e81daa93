/**
 * `storybook/test` as Vitest runs stories: the same module, except that `userEvent` is the
 * project's own copy of `@testing-library/user-event`, the one unit tests type with. Storybook
 * bundles a second copy, and unit and story files share a worker's document
 * (vite.config.ts `isolate: false`): each copy keeps its own hold on that document's inputs,
 * and a story typing after a unit test had typed changed nothing (`user-event.test.tsx`).
 * Storybook itself, in the browser, keeps its instrumented copy.
 */
export * from '../../node_modules/storybook/dist/test/index.js';
export { default as userEvent } from '@testing-library/user-event';
