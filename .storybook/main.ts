import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook uses the project's vite.config.ts (the '@' alias, the React plugin). The mock
 * service worker is served from public/ (`npm run mocks:worker` regenerates it).
 */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;
