import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Imports flow one way: shared (api, components, config, lib, locales) → features → app.
 * Features never import each other; the mock backend is reachable only from main.tsx,
 * tests and stories, so a real-backend build cannot pull it in by accident.
 */
const features = ['auth'];

export default tseslint.config(
  {
    ignores: ['dist', 'dist-*', 'storybook-static', 'coverage', 'public/mockServiceWorker.js', 'src/api/**/*.gen.ts', 'src/api/schema.gen.d.ts', 'test-results', '.bench'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser }, ecmaVersion: 2022 },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/refs': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'Features never import each other; compose them in src/app.',
            })),
            {
              target: ['./src/api', './src/components', './src/config', './src/lib', './src/features'],
              from: './src/app',
              message: 'Shared code and features do not import from src/app.',
            },
            {
              target: ['./src/api', './src/components', './src/config', './src/lib'],
              from: './src/features',
              message: 'Shared code does not import features.',
            },
            {
              target: ['./src/api', './src/components', './src/config', './src/lib', './src/features', './src/app'],
              from: './src/mocks',
              message: 'Only main.tsx, tests and stories may reach the mock backend.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'src/testing/**', 'e2e/**', '.storybook/**'],
    rules: {
      'import-x/no-restricted-paths': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**', '*.config.{js,ts,mjs}', 'openapi/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
