// The mock backend's request validators, compiled from the contract (openapi/api.yaml) by Ajv
// into standalone code (mocks/request-validators.gen.ts), so no host (the demo's service worker
// least of all) ships Ajv's compiler or parses YAML. Called by scripts/api-gen.mjs.
//
// Per operation that documents 42200 (missing parameters) — every API operation; the storage
// host's files and the pages are not validated — two validators:
//   - `params`: { header, path, query } — the declared header parameters (names lowercased,
//     others ignored: a browser sends many), the path parameters and the query parameters, of
//     which no others are allowed (the contract's convention). Values arrive as strings; the
//     table's `coerce` lists which ones the contract types as integer, number or boolean.
//   - `body`: the JSON request body's schema, as the contract writes it.
// `unevaluatedProperties: false` over an `allOf` of plain objects (a closed composed body) is
// checked as `additionalProperties: false` over the union of their properties: Ajv's draft-07
// code, without the 2020-12 bookkeeping of evaluated properties, is the smaller one.
// Formats: `email` is checked as a pattern (the one the mock used), `int64` and `binary` only
// by their type; Ajv builds no error messages (mocks/request-validation.ts words them).
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const DOC_ID = 'urn:inkworld:api';
/** What the contract's `format: email` means to the mock: one @, a dot after it, no spaces. */
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

const pointerPart = (s) => String(s).replaceAll('~', '~0').replaceAll('/', '~1');

/** @returns {string} the TypeScript module's source (not yet formatted) */
export function requestValidatorsModule(contract) {
  const doc = structuredClone(contract);
  rewriteFormats(doc);
  closeComposedObjects(doc, doc);
  stripAnnotations(doc);
  const ajv = new Ajv({
    code: { source: true, esm: true, lines: false },
    strict: false,
    validateFormats: false,
    messages: false,
    allErrors: false,
    // Small referenced schemas (a parameter's) are inlined, larger ones shared as functions.
    inlineRefs: 12,
  });
  ajv.addSchema({ ...doc, $id: DOC_ID });

  const exports = {};
  const partNames = new Map();
  const table = [];
  for (const [route, item] of Object.entries(contract.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || !(op['x-error-codes'] ?? []).includes(42200)) continue;
      const opPointer = `${DOC_ID}#/paths/${pointerPart(route)}/${method}`;
      // The parameters as the stripped copy has them (same positions as the contract's).
      const stripped = doc.paths[route];
      const params = [...(stripped.parameters ?? []), ...(stripped[method].parameters ?? [])].map(
        (p) => resolveRef(doc, p),
      );
      const parts = { header: group(), path: group(), query: group() };
      const coerce = {};
      for (const param of params) {
        if (!parts[param.in]) continue;
        const name = param.in === 'header' ? param.name.toLowerCase() : param.name;
        const part = parts[param.in];
        part.properties[name] = inlineSchema(param.schema);
        if (param.required) part.required.push(name);
        const type = scalarType(doc, param.schema);
        if (type !== 'string') (coerce[param.in] ??= {})[name] = type;
      }
      // Each part is validated on its own; operations with the same part share its validator.
      const names = {};
      for (const [where, part] of Object.entries(parts)) {
        if (where === 'query') part.additionalProperties = false;
        const key = JSON.stringify(part);
        let name = partNames.get(key);
        if (!name) {
          name = `${where}${[...partNames.values()].filter((n) => n.startsWith(where)).length}`;
          partNames.set(key, name);
          ajv.addSchema({ $id: `urn:inkworld:${name}`, ...part });
          exports[name] = `urn:inkworld:${name}`;
        }
        names[where] = name;
      }
      let body = null;
      const json =
        op.requestBody && resolveRef(contract, op.requestBody).content?.['application/json'];
      if (json?.schema) {
        const bodyId = `urn:inkworld:body:${op.operationId}`;
        ajv.addSchema({
          $id: bodyId,
          $ref: `${opPointer}/requestBody/content/application~1json/schema`,
        });
        exports[`${op.operationId}Body`] = bodyId;
        body = {
          name: `${op.operationId}Body`,
          required: Boolean(resolveRef(contract, op.requestBody).required),
        };
      }
      table.push({ method: method.toUpperCase(), route, names, coerce, body });
    }
  }

  const code = standaloneCode(ajv, exports);
  const rows = table.map(
    ({ method, route, names, coerce, body }) =>
      `  ${JSON.stringify(`${method} ${route}`)}: { header: ${names.header}, path: ${names.path}, query: ${names.query}, coerce: ${JSON.stringify(coerce)}, body: ${body ? `${body.name}, bodyRequired: ${body.required}` : 'null, bodyRequired: false'} },`,
  );
  return `/* eslint-disable */
// @ts-nocheck -- Ajv's standalone output (scripts/api-validators.mjs); the table below is typed.
${code
  .replace(/^"use strict";/, '')
  .replace(/\bexport const (\w+) =/g, 'const $1 =')
  .replaceAll('require("ajv/dist/runtime/ucs2length").default', 'ucs2length')}

/** Ajv's length of a string: its code points (a surrogate pair counts once). */
function ucs2length(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** One failed check of a request, as Ajv reports it (without a message). */
export interface RequestIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

export interface RequestValidator {
  (data: unknown): boolean;
  errors?: RequestIssue[] | null;
}

export interface OperationValidators {
  /** The declared headers (names lowercased; others pass). */
  header: RequestValidator;
  /** The path parameters, decoded. */
  path: RequestValidator;
  /** The query parameters; none the operation does not list. */
  query: RequestValidator;
  /** Parameters the contract types as integer, number or boolean, by where they are. */
  coerce: Partial<Record<'header' | 'path' | 'query', Record<string, 'integer' | 'number' | 'boolean'>>>;
  /** The JSON body's validator, null when the operation takes none. */
  body: RequestValidator | null;
  bodyRequired: boolean;
}

/** \`METHOD /path/{template}\` → its validators, for every operation that documents 42200. */
export const REQUEST_VALIDATORS: Readonly<Record<string, OperationValidators>> = {
${rows.join('\n')}
};
`;
}

/** A parameter's schema, its own `$ref`s made absolute (they point into the contract). */
function inlineSchema(schema) {
  return JSON.parse(
    JSON.stringify(schema, (key, value) =>
      key === '$ref' && value.startsWith('#/') ? `${DOC_ID}${value}` : value,
    ),
  );
}

function group() {
  return { type: 'object', properties: {}, required: [] };
}

function resolve(contract, ref) {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node, key) => node?.[key], contract);
}

function resolveRef(contract, node) {
  return node?.$ref ? resolve(contract, node.$ref) : node;
}

/** The one scalar type a parameter's schema has, following $ref; 'string' otherwise. */
function scalarType(contract, schema) {
  const s = resolveRef(contract, schema) ?? {};
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => t && t !== 'null');
  return types.length === 1 && ['integer', 'number', 'boolean'].includes(types[0])
    ? types[0]
    : 'string';
}

const ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples', 'default']);

/**
 * Drops what only documents a schema (descriptions, examples, `x-` marks), so the emitted code
 * carries none of it; the names under `properties` are the body's keys and stay.
 */
function stripAnnotations(node, isPropertyMap = false) {
  if (Array.isArray(node)) return node.forEach((item) => stripAnnotations(item));
  if (!node || typeof node !== 'object') return;
  for (const key of Object.keys(node)) {
    if (!isPropertyMap && (ANNOTATIONS.has(key) || key.startsWith('x-'))) {
      delete node[key];
      continue;
    }
    stripAnnotations(
      node[key],
      !isPropertyMap && (key === 'properties' || key === 'patternProperties'),
    );
  }
}

function closeComposedObjects(node, doc) {
  if (Array.isArray(node)) return node.forEach((item) => closeComposedObjects(item, doc));
  if (!node || typeof node !== 'object') return;
  if (node.unevaluatedProperties === false) {
    const names = propertyNames(node, doc);
    delete node.unevaluatedProperties;
    node.properties = {
      ...Object.fromEntries([...names].map((n) => [n, true])),
      ...node.properties,
    };
    node.additionalProperties = false;
  }
  for (const value of Object.values(node)) closeComposedObjects(value, doc);
}

/** Every property an object schema names, through `$ref` and `allOf`. */
function propertyNames(schema, doc, names = new Set()) {
  const s = resolveRef(doc, schema);
  if (!s || typeof s !== 'object') return names;
  if (s.oneOf || s.anyOf)
    throw new Error('unevaluatedProperties over oneOf/anyOf is not supported');
  for (const name of Object.keys(s.properties ?? {})) names.add(name);
  for (const part of s.allOf ?? []) propertyNames(part, doc, names);
  return names;
}

/** `format: email` becomes its pattern; other formats are only annotations here. */
function rewriteFormats(node) {
  if (Array.isArray(node)) return node.forEach(rewriteFormats);
  if (!node || typeof node !== 'object') return;
  if (node.format === 'email' && !node.pattern) node.pattern = EMAIL_PATTERN;
  for (const value of Object.values(node)) rewriteFormats(value);
}
