import type { StorybookConfig } from '@storybook/react-vite';
import { CHUNK_GROUPS_PLUGIN } from '../scripts/chunk-groups';
import { COMPILE_HINTS_PLUGIN } from '../scripts/compile-hints-plugin';
import { DEMO_BACKEND_PLUGIN } from '../scripts/demo-backend-plugin';

/** The app build's own steps: the demo's backend worker, the hints for and the check of its chunk groups. */
const APP_BUILD_PLUGINS = [DEMO_BACKEND_PLUGIN, COMPILE_HINTS_PLUGIN, CHUNK_GROUPS_PLUGIN];

/**
 * Storybook uses the project's vite.config.ts (the aliases, the React plugin) without the
 * demo's backend worker, the compile hints and the chunk groups' check (they name the app
 * build's chunk groups):
 * stories run the same handlers in the page through MSW's own worker, served from
 * .storybook/public/ (`npm run mocks:worker` regenerates it).
 */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public', './public'],
  viteFinal: (vite) => ({
    ...vite,
    plugins: (vite.plugins ?? []).filter(
      (p) => !(p && typeof p === 'object' && 'name' in p && APP_BUILD_PLUGINS.includes(p.name)),
    ),
  }),
  core: { disableTelemetry: true },
};

export default config;
