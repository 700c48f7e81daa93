import type { StorybookConfig } from '@storybook/react-vite';
import { COMPILE_HINTS_PLUGIN } from '../scripts/compile-hints-plugin';
import { DEMO_BACKEND_PLUGIN } from '../scripts/demo-backend-plugin';

/** The app build's own steps: the demo's backend worker, and the hints for its chunk groups. */
const APP_BUILD_PLUGINS = [DEMO_BACKEND_PLUGIN, COMPILE_HINTS_PLUGIN];

/**
 * Storybook uses the project's vite.config.ts (the aliases, the React plugin) without the
 * demo's backend worker and the compile hints (they name the app build's chunk groups):
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
