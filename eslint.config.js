import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from './eslint/boundaries.js';

/** The current time and the API's delays come from the app clock (src/lib/clock.ts). */
const CLOCK_SYNTAX = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Use nowDate() from @/lib/clock: the current time comes from the app clock.',
  },
  {
    selector: "CallExpression[callee.object.name='api'][callee.property.name='delay']",
    message:
      'Use `await api.pause(sleep(ms))` (sleep from @/lib/clock): api.delay ignores the app clock.',
  },
];

/**
 * Dates are formatted in one place, src/lib/date-format.ts (one long and one short style per
 * language, the 24-hour clock); counts by src/lib/number-format.ts.
 */
const DATE_MESSAGE =
  'Use formatDate / formatTimeOfDay from @/lib/date-format (counts: formatCount from @/lib/number-format).';
const DATE_SYNTAX = [
  {
    selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
    message: DATE_MESSAGE,
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: DATE_MESSAGE,
  },
];

/**
 * Import boundaries (layers shared → features → app, no feature importing another, src/lib
 * as leaf utilities, the backend and the client meeting only over HTTP) are one rule,
 * eslint/boundaries.js, which checks every import by its resolved path.
 */
export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      // Builds and reports of local runs (E2E_OUT, the bench): generated, never committed.
      '.e2e-out',
      '.bench',
      'test-results',
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
    // Time is a dependency: product code reads it and schedules through src/lib/clock.ts, which
    // tests replace with a manual clock (src/testing/manual-clock.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/lib/clock.ts',
      'src/**/*.test.{ts,tsx}',
      'src/**/*.stories.tsx',
      'src/testing/**',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map((name) => ({
          name,
          message: `Use clock.${name} from @/lib/clock: tests move the app's timers on a manual clock.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use clock.now() from @/lib/clock.' },
        {
          object: 'performance',
          property: 'now',
          message: 'Use clock.monotonic() from @/lib/clock.',
        },
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map((property) => ({
            object,
            property,
            message: `Use clock.${property} from @/lib/clock.`,
          })),
        ),
      ],
      'no-restricted-syntax': ['error', ...CLOCK_SYNTAX, ...DATE_SYNTAX],
    },
  },
  {
    // The date formatter itself: the clock's rules only.
    files: ['src/lib/date-format.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_SYNTAX] },
  },
  {
    // Stories show dates as the screens do (the clock's rules do not reach them).
    files: ['src/**/*.stories.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...DATE_SYNTAX] },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.stories.tsx',
      'src/testing/**',
      'tests/**',
      '.storybook/**',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Unit test files share their worker's modules: a store a test makes must end with it
    // (src/testing/test-store.ts), so tests take theirs from testStore.
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/**/*.stories.tsx'],
    ignores: ['src/app/store.test.ts', 'src/testing/test-store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/app/store',
              importNames: ['setupStore'],
              message: 'Use testStore from @/testing/test-store: its listeners end with the test.',
            },
          ],
        },
      ],
    },
  },
  {
    // The JSX accessibility rules over the app's components and stories (axe checks the
    // rendered pages in the browser; these catch what can be seen in the source).
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog puts the focus in its first field when it opens (the WAI-ARIA dialog pattern).
      'jsx-a11y/no-autofocus': 'off',
      // Scrolling regions (a chat log, a chart's table) and a feed's articles take the focus
      // so the keyboard can scroll and move through them (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: ['article'], roles: ['tabpanel', 'region', 'log'], allowExpressionValues: true },
      ],
      // A key handler on a container takes the keys bubbling from the focused control inside
      // (Esc to fold a menu, arrows in a list), which these two rules cannot see; a click or a
      // press on an element that is no control is what they still catch.
      'jsx-a11y/no-static-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] },
      ],
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] },
      ],
    },
  },
  {
    files: ['scripts/**', '*.config.{js,ts,mjs}', 'openapi/**', 'tests/**', 'eslint/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
