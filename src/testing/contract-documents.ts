import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
// The YAML reader openapi-typescript brings (@redocly/openapi-core: js-yaml with the JSON
// schema, as Redocly reads the documents); the repo has no YAML parser of its own.
import { parseYaml } from '@redocly/openapi-core/lib/js-yaml/index.js';
import { matchRoute, type Route } from '@mocks/route-match';
import apiSource from '../../openapi/api.yaml?raw';
import adminSource from '../../openapi/mock-admin.yaml?raw';

// The OpenAPI documents the mock backend answers by, parsed once per test file, their schemas
// compiled on first use (the schemas of OpenAPI 3.1 are JSON Schema 2020-12).

export type Json = Record<string, unknown>;

export interface Operation extends Json {
  operationId?: string;
  responses?: Record<string, unknown>;
  'x-error-codes'?: unknown;
}

export interface Contract {
  file: string;
  doc: Json;
  routes: Route[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const ajv = new Ajv2020({
  // A whole OpenAPI document is added as one schema: its `openapi`, `paths`, `x-*` and the
  // schemas' `example` are not JSON Schema keywords, which strict mode would refuse. Redocly's
  // lint checks the schema objects' keywords instead.
  strict: false,
  allErrors: true,
});
// The formats the documents use; unknown ones would only be logged and ignored.
ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
ajv.addFormat('int32', {
  type: 'number',
  validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
ajv.addFormat('binary', true);

function load(file: string, source: string): Contract {
  const doc = parseYaml(source) as Json;
  // References are written `#/components/...`: they resolve inside the document by its $id.
  ajv.addSchema({ ...doc, $id: schemaId(file) });
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const routes = Object.entries(paths).map(([path, item]) => ({
    path,
    methods: METHODS.filter((m) => item[m]).map((m) => m.toUpperCase()),
  }));
  return { file, doc, routes };
}

const schemaId = (file: string) => `https://inkworld.invalid/${file}`;

const SOURCES = {
  'openapi/api.yaml': apiSource,
  'openapi/mock-admin.yaml': adminSource,
};
type ContractFile = keyof typeof SOURCES;
let loaded: Map<ContractFile, Contract> | null = null;

/** A document by its repo path; all load together, as the admin API refers to api.yaml. */
export function contract(file: ContractFile): Contract {
  loaded ??= new Map(
    Object.entries(SOURCES).map(([f, source]) => [f as ContractFile, load(f, source)]),
  );
  return loaded.get(file)!;
}

/** The operation of `method` on the path template that matches `pathname`, if any. */
export function findOperation(
  c: Contract,
  method: string,
  pathname: string,
): { route: Route | null; operation: Operation | null; pointer: string } {
  const route = matchRoute(c.routes, pathname);
  if (!route) return { route, operation: null, pointer: '' };
  const item = (c.doc.paths as Record<string, Json>)[route.path]!;
  const key = method.toLowerCase();
  const operation = (item[key] as Operation | undefined) ?? null;
  return { route, operation, pointer: child('/paths', route.path, key) };
}

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeKey = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~');

/** JSON pointer of a child: `child('/paths', '/api/x')` = `/paths/~1api~1x`. */
export const child = (pointer: string, ...keys: string[]) =>
  keys.reduce((p, key) => `${p}/${escapeKey(key)}`, pointer);

const valueAt = (doc: Json, pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((v, key) => (v as Json | undefined)?.[unescapeKey(key)], doc);

/** A reference cycle in a document would otherwise never end. */
const MAX_REF_HOPS = 16;

/**
 * The value at a JSON pointer of the document and the pointer it really lives at: every
 * `$ref` on the way (a shared response, a shared schema) is followed.
 */
export function resolve(c: Contract, pointer: string): { value: unknown; pointer: string } {
  let value: unknown = c.doc;
  let at = '';
  const follow = () => {
    for (let hops = 0; hops < MAX_REF_HOPS; hops += 1) {
      const ref = (value as Json | undefined)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return;
      at = ref.slice(1);
      value = valueAt(c.doc, at);
    }
  };
  for (const key of pointer.split('/').slice(1)) {
    value = (value as Json | undefined)?.[unescapeKey(key)];
    at = `${at}/${key}`;
    follow();
  }
  return { value, pointer: at };
}

const validators = new Map<string, ValidateFunction>();

/** Validates against the schema at `pointer` (compiled once, with every reference resolved). */
export function validateAt(c: Contract, pointer: string, data: unknown): ErrorObject[] {
  const key = `${schemaId(c.file)}#${pointer.split('/').map(encodeURIComponent).join('/')}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.getSchema(key);
    if (!validate) throw new Error(`no schema at ${c.file}#${pointer}`);
    validators.set(key, validate);
  }
  return validate(data) ? [] : (validate.errors ?? []);
}
