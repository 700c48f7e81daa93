import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Import boundaries by path: every import (alias or relative, static, dynamic or re-export)
 * is resolved to a file under the repository and checked against the zones below, so no
 * import style can slip past a rule the docs claim.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALIASES = [
  ['@mocks/', 'mocks/'],
  ['@/', 'src/'],
];

/** Repository-relative POSIX path of an import, or null for a package import. */
function target(specifier, fromFile) {
  for (const [alias, dir] of ALIASES)
    if (specifier.startsWith(alias)) return dir + specifier.slice(alias.length);
  if (specifier.startsWith('.')) {
    const abs = resolve(dirname(fromFile), specifier);
    return relative(ROOT, abs).split(sep).join('/');
  }
  return null;
}

const isTestFile = (file) =>
  /\.(test|stories|fixtures)\.tsx?$/.test(file) ||
  file.startsWith('src/testing/') ||
  file.startsWith('tests/') ||
  file.startsWith('.storybook/');

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
      return to.startsWith('mocks/')
        ? 'Only the demo entry (src/demo/), tests and stories reach the mock backend; the client talks to it over HTTP.'
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
    const message = zone.check(to);
    if (message) context.report({ node, message: `${message} (${specifier})` });
  }
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'import boundaries by path' } },
  create(context) {
    const fromSource = (node) =>
      node.source && checkImport(context, node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkImport(context, node.source, node.source.value);
      },
    };
  },
};

export default { rules: { imports: rule } };
