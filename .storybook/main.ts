import type { StorybookConfig } from '@storybook/react-vite';
import { DEMO_BACKEND_PLUGIN } from '../scripts/demo-backend-plugin';

/**
 * Storybook uses the project's vite.config.ts (the aliases, the React plugin) without the
 * demo's backend worker: stories run the same handlers in the page through MSW's own worker,
 * served from .storybook/public/ (`npm run mocks:worker` regenerates it).
 */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public', './public'],
  viteFinal: (vite) => ({
    ...vite,
    plugins: (vite.plugins ?? []).filter(
      (p) => !(p && typeof p === 'object' && 'name' in p && p.name === DEMO_BACKEND_PLUGIN),
    ),
  }),
  core: { disableTelemetry: true },
};

export default config;
