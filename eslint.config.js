import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './eslint/boundaries.js';

/**
 * Imports flow one way: shared (api, components, config, lib, locales) → features → app.
 * Features never import each other. The backend (mocks/) and the client meet only over HTTP:
 * eslint/boundaries.js checks that by resolved path, in both directions.
 */
const features = ['auth'];
const APP = {
  group: ['@/app', '@/app/*'],
  message: 'Shared code and features do not import from src/app.',
};
const FEATURES = { group: ['@/features/*'], message: 'Shared code does not import features.' };

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'storybook-static',
      'coverage',
      '.storybook/public/mockServiceWorker.js',
      'src/api/**/*.gen.ts',
      'src/api/schema.gen.d.ts',
      'test-results',
      '.bench',
      '.mock-server',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser }, ecmaVersion: 2022 },
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      'boundaries/imports': 'error',
      ...reactHooks.configs.recommended.rules,
      'react-hooks/refs': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/api/**', 'src/components/**', 'src/config/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP, FEATURES] }] },
  },
  ...features.map((f) => ({
    files: [`src/features/${f}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP,
            {
              group: ['@/features/*', `!@/features/${f}`, `!@/features/${f}/*`],
              message: 'Features never import each other; compose them in src/app.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.stories.tsx',
      'src/testing/**',
      'tests/**',
      '.storybook/**',
    ],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**', '*.config.{js,ts,mjs}', 'openapi/**', 'tests/**', 'eslint/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
