import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Import boundaries by path: every import (alias or relative, static, dynamic, re-export,
 * `import()` types and `import.meta.glob` patterns) is resolved to a path under the
 * repository and checked against the zones below, so no import style can slip past a rule
 * the docs claim.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALIASES = [
  ['@mocks/', 'mocks/'],
  ['@/', 'src/'],
];

/** Repository-relative POSIX path of an import (query dropped), or null for a package. */
function target(specifier, fromFile) {
  const path = specifier.replace(/\?.*$/, '');
  for (const [alias, dir] of ALIASES)
    if (path.startsWith(alias)) return dir + path.slice(alias.length);
  if (path.startsWith('.'))
    return relative(ROOT, resolve(dirname(fromFile), path))
      .split(sep)
      .join('/');
  return null;
}

const under = (path, dir) => path === dir || path.startsWith(`${dir}/`);

/** Loaded only by tests and Storybook: tests, stories, fixtures and the test helpers. */
const isTestFile = (file) =>
  /\.(test|stories|fixtures)(\.tsx?)?$/.test(file) ||
  ['src/testing', 'tests', '.storybook'].some((dir) => under(file, dir));

/** Tests and their helpers may import anything; stories and fixtures keep their folder's layer. */
const isTest = (file) =>
  /\.test(\.tsx?)?$/.test(file) ||
  ['src/testing', 'tests', '.storybook'].some((d) => under(file, d));

/** The shared layer: every feature and the app use it; it uses neither. */
const SHARED = [
  'api',
  'components',
  'config',
  'core',
  'lib',
  'locales',
  'rules',
  'session',
  'styles',
];

/**
 * Inside the shared layer, what the HTTP stack may not import: `src/core/` (the error type
 * and the session's core) sits below both `src/api/` and `src/session/`, the API below the
 * session, and neither opens dialogs or toasts (the app shell does, on the session's events).
 */
const BELOW = {
  core: ['src/api', 'src/session', 'src/components'],
  api: ['src/session', 'src/components'],
  session: ['src/components'],
};

/**
 * The layer of a repository path: `{kind: 'shared' | 'feature' | 'app', name}`, or null
 * outside the layered client. A feature is any folder of src/features/: no list to keep.
 */
function layer(path) {
  const m = /^src\/([^/]+)(?:\/([^/]+))?/.exec(path);
  if (!m) return null;
  if (m[1] === 'features' && m[2]) return { kind: 'feature', name: m[2] };
  if (m[1] === 'app' || /^main(\.tsx?)?$/.test(m[1])) return { kind: 'app', name: 'app' };
  if (SHARED.includes(m[1])) return { kind: 'shared', name: m[1] };
  return null;
}

/**
 * Packages used only at build or seed time: `mocks/factories.ts` (the seed generator, run by
 * `npm run mocks:seed`) writes mocks/seed.gen.json with faker, and nothing shipped imports
 * either. package.json keeps them in devDependencies (eslint/dependencies.test.ts).
 */
export const BUILD_TIME_PACKAGES = /^@faker-js\//;
const SEED_GENERATOR = 'mocks/factories';
const withoutExtension = (path) => path.replace(/\.(tsx?|jsx?|mjs)$/, '');

/** A module that ships in a bundle (the app, the demo's host, panel or worker) or runs a host. */
export const isRuntimeModule = (file) =>
  /^(src|mocks)\//.test(file) && !isTestFile(file) && withoutExtension(file) !== SEED_GENERATOR;

/** What src/lib/ (leaf utilities) may not import. */
const NOT_FROM_LIB = [
  'src/core',
  'src/api',
  'src/session',
  'src/components',
  'src/features',
  'src/app',
];

/** Packages a pure module (the backend, the shared rules) must not pull in. */
const UI_PACKAGES =
  /^(react|react-dom|react-router|react-redux|@reduxjs\/|i18next|react-i18next|slate)/;

/**
 * The zones. Each returns a message when `from` may not import `to` (`to` is a repository
 * path, or `pkg:<name>` for a package).
 */
export const ZONES = [
  {
    name: 'backend',
    applies: (from) => from.startsWith('mocks/') && !isTestFile(from),
    check(to) {
      if (to.startsWith('pkg:'))
        return UI_PACKAGES.test(to.slice(4))
          ? 'The backend (mocks/) runs without React, Redux or the DOM: no UI packages.'
          : null;
      if (to.startsWith('mocks/') || to.startsWith('src/rules/')) return null;
      if (/^src\/api\/schema\.gen(\.d\.ts|\.d)?$/.test(to)) return null;
      return 'The backend (mocks/) imports only the generated contract types (src/api/schema.gen) and the shared rules (src/rules/).';
    },
  },
  {
    name: 'rules',
    applies: (from) => from.startsWith('src/rules/') && !isTestFile(from),
    check(to) {
      if (to.startsWith('pkg:'))
        return UI_PACKAGES.test(to.slice(4))
          ? 'Shared rules (src/rules/) are pure: no UI packages.'
          : null;
      return to.startsWith('src/rules/')
        ? null
        : 'Shared rules (src/rules/) import only each other: the backend imports them too.';
    },
  },
  {
    name: 'client',
    applies: (from) =>
      from.startsWith('src/') && !from.startsWith('src/demo/') && !isTestFile(from),
    check(to) {
      if (to.startsWith('mocks/'))
        return 'Only the demo entry (src/demo/), tests, stories and fixtures reach the mock backend; the client talks to it over HTTP.';
      if (under(to, 'src/demo'))
        return "The demo's host script and mock panel (src/demo/) are bundles of their own: the app does not import them, so none of their code or strings ship with it.";
      if (isTestFile(to))
        return 'Shipped code does not import tests, stories, fixtures or src/testing/.';
      return null;
    },
  },
  {
    name: 'build-time',
    applies: isRuntimeModule,
    check(to) {
      if (to.startsWith('pkg:') && BUILD_TIME_PACKAGES.test(to.slice(4)))
        return 'faker runs at build time only (mocks/factories.ts writes mocks/seed.gen.json): shipped code reads the seed.';
      if (withoutExtension(to) === SEED_GENERATOR)
        return 'The seed generator (mocks/factories.ts) pulls in faker: shipped code reads mocks/seed.gen.json instead.';
      return null;
    },
  },
  {
    name: 'layers',
    applies: (from) => layer(from) !== null && !isTest(from),
    check(to, from) {
      const source = layer(from);
      const dest = layer(to);
      if (!dest) return null;
      if (source.kind === 'shared' && dest.kind !== 'shared')
        return `Shared code (src/${source.name}/) imports no feature and not src/app: imports flow shared → features → app.`;
      if (source.kind === 'feature' && dest.kind === 'app')
        return `Features do not import src/app (stories included: take render helpers and decorators from src/testing/).`;
      if (source.kind === 'feature' && dest.kind === 'feature' && dest.name !== source.name)
        return `Features never import each other (src/features/${source.name} → src/features/${dest.name}); compose them in src/app, or move what both need to the shared layer.`;
      if (BELOW[source.name]?.some((dir) => under(to, dir)))
        return `src/${source.name}/ imports nothing from ${BELOW[source.name].join(', ')}: src/core/ is below src/api/, which is below src/session/; the app shell shows what the session announces.`;
      if (source.name === 'lib' && NOT_FROM_LIB.some((dir) => under(to, dir)))
        return 'src/lib/ holds leaf utilities: it imports nothing from src/core, src/api, src/session, src/components, src/features or src/app.';
      return null;
    },
  },
  {
    name: 'demo',
    applies: (from) => from.startsWith('src/demo/') && !isTest(from),
    check(to) {
      const dest = layer(to);
      return dest && dest.kind !== 'shared'
        ? "The demo's host script and panel (src/demo/) use only shared code and the backend's admin client, not features or src/app."
        : null;
    },
  },
];

function checkImport(context, node, specifier) {
  if (typeof specifier !== 'string') return;
  const file = relative(ROOT, context.filename).split(sep).join('/');
  const zones = ZONES.filter((z) => z.applies(file));
  if (!zones.length) return;
  const to = target(specifier, context.filename) ?? `pkg:${specifier}`;
  for (const zone of zones) {
    const message = zone.check(to, file);
    if (message) context.report({ node, message: `${message} (${specifier})` });
  }
}

const isImportMetaGlob = (callee) =>
  callee.type === 'MemberExpression' &&
  callee.object.type === 'MetaProperty' &&
  callee.object.meta.name === 'import' &&
  callee.property.type === 'Identifier' &&
  callee.property.name === 'glob';

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'import boundaries by path' } },
  create(context) {
    const fromSource = (node) =>
      node.source && checkImport(context, node.source, node.source.value);
    const literal = (node) =>
      node && node.type === 'Literal' && checkImport(context, node, node.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => literal(node.source),
      // `import('…').Type` in a type position.
      TSImportType: (node) => literal(node.argument?.literal),
      // import.meta.glob('…' | ['…', '!…']): each pattern it includes.
      CallExpression(node) {
        if (!isImportMetaGlob(node.callee) || !node.arguments[0]) return;
        const arg = node.arguments[0];
        const patterns = arg.type === 'ArrayExpression' ? arg.elements : [arg];
        for (const p of patterns)
          if (p?.type === 'Literal' && typeof p.value === 'string' && !p.value.startsWith('!'))
            literal(p);
      },
    };
  },
};

export default { rules: { imports: rule } };
