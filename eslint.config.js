import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Imports flow one way: shared (api, components, config, lib, locales) → features → app.
 * Features never import each other; the mock backend is reachable only from main.tsx,
 * tests and stories, so a real-backend build cannot pull it in by accident. Code imports
 * across areas with the '@/' alias, so the boundaries are written as import patterns.
 */
const features = ['auth'];
const MOCKS = {
  group: ['@/mocks', '@/mocks/*', '**/mocks/*'],
  message: 'Only main.tsx, tests and stories may reach the mock backend.',
};
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
      'public/mockServiceWorker.js',
      'src/api/**/*.gen.ts',
      'src/api/schema.gen.d.ts',
      'test-results',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser }, ecmaVersion: 2022 },
    plugins: { 'react-hooks': reactHooks },
    rules: {
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
    rules: { 'no-restricted-imports': ['error', { patterns: [MOCKS, APP, FEATURES] }] },
  },
  ...features.map((f) => ({
    files: [`src/features/${f}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            MOCKS,
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
    files: ['src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MOCKS] }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'src/testing/**', 'e2e/**', '.storybook/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**', '*.config.{js,ts,mjs}', 'openapi/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
