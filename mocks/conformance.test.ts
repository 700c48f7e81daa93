// @vitest-environment node
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { child, contract, resolve, validateAt, type Json } from '@/testing/contract-documents';
import { checkResponse } from '@/testing/contract-guard';
import { createBackend, type Backend } from './backend';
import { matchRoute } from './route-match';
import { validateRequest } from './request-validation';
import { signedIn, type ClientSession } from './scenarios/session';
import seed from './seed.gen.json';
import { resetMockBackend } from './testing';

/**
 * The contract conformance test: for every operation of openapi/api.yaml, requests generated
 * from its parameters and body schema (fast-check, a fixed seed) go to the mock backend as a
 * host hands them over. A request the contract allows must pass the mock's contract check and
 * get an answer the operation documents; a request that breaks one rule of the contract (a
 * missing header, an unlisted or out-of-range parameter, a missing, unknown, mistyped or too
 * long body field, a control character in a name) must be refused with 422/42200. What is
 * valid is decided by the contract itself (Ajv over the document, as the response guard reads
 * it), not by the validators the mock compiles from it.
 *
 * CONFORMANCE_SEED=<n> explores other inputs; the suite runs the fixed one.
 */

const ORIGIN = 'http://demo.test';
const SEED = Number(process.env.CONFORMANCE_SEED ?? 20261208);
/** Valid requests per operation, and requests per way of breaking it. */
const VALID_RUNS = 6;
const INVALID_RUNS = 2;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const api = contract('openapi/api.yaml');
const doc = api.doc as Json & { paths: Record<string, Json> };

interface Param {
  name: string;
  in: 'header' | 'path' | 'query';
  required: boolean;
  schema: Json;
  /** Pointer of the schema, for the reference validator. */
  at: string;
}

interface Op {
  method: string;
  path: string;
  id: string;
  params: Param[];
  /** Pointer of the JSON body's schema; null when the operation takes none. */
  body: string | null;
  bodyRequired: boolean;
  /** The mock checks this operation's requests (it documents 42200). */
  checked: boolean;
  auth: 'required' | 'optional' | 'none';
}

const deref = (pointer: string) => resolve(api, pointer);

function operations(): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const at = child('/paths', path, method);
      const params: Param[] = [];
      const lists = [
        [child('/paths', path, 'parameters'), item.parameters],
        [`${at}/parameters`, op.parameters],
      ] as const;
      for (const [base, list] of lists) {
        ((list as unknown[]) ?? []).forEach((_, i) => {
          const found = deref(`${base}/${i}`);
          const p = found.value as Json;
          params.push({
            name: p.name as string,
            in: p.in as Param['in'],
            required: p.required === true,
            schema: deref(`${found.pointer}/schema`).value as Json,
            at: `${found.pointer}/schema`,
          });
        });
      }
      const requestBody = op.requestBody ? deref(`${at}/requestBody`) : null;
      const json = requestBody && (requestBody.value as Json).content;
      const hasJson = Boolean(json && (json as Json)['application/json']);
      const security = (op.security ?? doc.security ?? []) as Json[];
      ops.push({
        method: method.toUpperCase(),
        path,
        id: (op.operationId as string) ?? `${method} ${path}`,
        params,
        body: hasJson ? `${requestBody!.pointer}/content/application~1json/schema` : null,
        bodyRequired: hasJson && (requestBody!.value as Json).required === true,
        checked: ((op['x-error-codes'] as number[]) ?? []).includes(42200),
        auth: !security.length
          ? 'none'
          : security.some((s) => !Object.keys(s).length)
            ? 'optional'
            : 'required',
      });
    }
  }
  return ops;
}

// ── Values from schemas ──────────────────────────────────────────────────────────────────────

/** Ids the seed has, so that generated paths reach records as well as miss them. */
const SEED_IDS: string[] = (() => {
  const ids = new Set<string>();
  for (const rows of Object.values(seed as unknown as Record<string, Json[]>)) {
    for (const row of rows.slice(0, 4)) {
      for (const [key, value] of Object.entries(row)) {
        if (typeof value === 'string' && /(^|_)id$|^uid$|^shareid$/i.test(key) && value)
          ids.add(value);
        if (typeof value === 'number' && /(^|_)id$/i.test(key)) ids.add(String(value));
      }
    }
  }
  return [...ids];
})();

/** Text a header can carry (visible ASCII; the Fetch API trims the ends). */
const headerText = (min: number, max: number) =>
  fc.stringMatching(new RegExp(`^[!-~]{${min},${max}}$`));

function textFor(schema: Json, inHeader: boolean): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = Math.min((schema.maxLength as number | undefined) ?? min + 24, min + 40);
  if (schema.format === 'email')
    return fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,10}$/))
      .map(([user, host]) => `${user}@${host}.test`)
      .filter((mail) => mail.length >= min && mail.length <= max);
  if (schema.format === 'int64') return fc.integer({ min: 0 }).map(String);
  if (typeof schema.pattern === 'string' && !schema.pattern.includes('\\u0000'))
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => [...s].length >= min && [...s].length <= max);
  if (inHeader) return headerText(min, max);
  // Names and titles (the NameText pattern) take any text without C0 controls or DEL.
  return fc
    .string({ unit: 'grapheme', minLength: min, maxLength: max })
    .filter((s) => [...s].length >= min && [...s].length <= max)
    .map((s) => Array.from(s, (c) => (c < ' ' || c === '\u007f' ? 'x' : c)).join(''));
}

function valueFor(pointer: string, inHeader = false, depth = 0): fc.Arbitrary<unknown> {
  const { value, pointer: at } = deref(pointer);
  const schema = (value ?? {}) as Json;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key] as unknown[] | undefined;
    if (list)
      return fc.oneof(...list.map((_, i) => valueFor(`${at}/${key}/${i}`, inHeader, depth)));
  }
  if (Array.isArray(schema.allOf)) return objectFor(at, schema, depth);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
  const type = types.find((t) => t && t !== 'null');
  const nullable = types.includes('null');
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return textFor(schema, inHeader);
      case 'integer':
        return fc.integer({
          min: (schema.minimum as number | undefined) ?? -1000,
          max: (schema.maximum as number | undefined) ?? 100000,
        });
      case 'number':
        return fc.double({
          min: (schema.minimum as number | undefined) ?? -1000,
          max: (schema.maximum as number | undefined) ?? 100000,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'array': {
        if (depth > 4) return fc.constant([]);
        const item = valueFor(`${at}/items`, false, depth + 1);
        const minLength = (schema.minItems as number | undefined) ?? 0;
        const maxLength = Math.min((schema.maxItems as number | undefined) ?? 3, minLength + 3);
        return schema.uniqueItems
          ? fc.uniqueArray(item, {
              minLength,
              maxLength,
              selector: (v) => JSON.stringify(v),
            })
          : fc.array(item, { minLength, maxLength });
      }
      case 'object':
        return objectFor(at, schema, depth);
      default:
        return schema.properties ? objectFor(at, schema, depth) : fc.constant('x');
    }
  })();
  return nullable ? fc.option(base, { nil: null, freq: 4 }) : base;
}

/** An object schema (or an allOf of them): required keys always, others now and then. */
function objectFor(at: string, schema: Json, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant({});
  const parts = partsOf(at, schema);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const key of Object.keys((part.schema.properties ?? {}) as Json))
      shape[key] = valueFor(child(part.at, 'properties', key), false, depth + 1);
    for (const key of (part.schema.required as string[] | undefined) ?? []) required.add(key);
  }
  return fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
}

/** An object schema and every schema its `allOf` composes it of, however deep. */
function partsOf(at: string, schema: Json): { at: string; schema: Json }[] {
  const parts = [{ at, schema }];
  ((schema.allOf as unknown[]) ?? []).forEach((_, i) => {
    const part = deref(`${at}/allOf/${i}`);
    parts.push(...partsOf(part.pointer, part.value as Json));
  });
  return parts;
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

interface Draft {
  headers: Record<string, string>;
  path: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body's value; undefined: no body; a string in `rawBody` replaces it. */
  body?: unknown;
  rawBody?: string;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function paramValue(param: Param): fc.Arbitrary<string> {
  const generated = valueFor(param.at, param.in === 'header').map(asText);
  if (param.in === 'header' && param.name.toLowerCase() === 'lang')
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom('zh', 'en') }, generated);
  if (param.in !== 'path') return generated;
  // A segment: not empty, not a dot segment, and routed to this operation's template.
  return fc
    .oneof({ weight: 2, arbitrary: fc.constantFrom(...SEED_IDS) }, generated)
    .filter((v) => v !== '' && v !== '.' && v !== '..');
}

function draftFor(op: Op, session: ClientSession): fc.Arbitrary<Draft> {
  const fields: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const param of op.params) {
    if (param.in === 'header' && param.name.toLowerCase() === 'uid') continue;
    const value = paramValue(param);
    fields[`${param.in}:${param.name}`] = param.required
      ? value
      : fc.option(value, { nil: undefined, freq: 2 });
  }
  const body = op.body
    ? op.bodyRequired
      ? valueFor(op.body)
      : fc.option(valueFor(op.body), { nil: undefined, freq: 4 })
    : fc.constant(undefined);
  const signed = op.auth === 'required' ? fc.constant(true) : fc.boolean();
  return fc.tuple(fc.record(fields), body, signed).map(([values, json, withToken]) => {
    const draft: Draft = { headers: {}, path: {}, query: {}, body: json };
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const [where, name] = key.split(/:(.*)/s) as ['header' | 'path' | 'query', string];
      draft[where === 'header' ? 'headers' : where][name] = value;
    }
    if (withToken && op.auth !== 'none') {
      draft.headers.Authorization = `Bearer ${session.accessToken}`;
      draft.headers.uid = session.uid;
    }
    return draft;
  });
}

function toRequest(op: Op, draft: Draft): Request {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(draft.path[name] ?? ''),
  );
  const search = new URLSearchParams(draft.query).toString();
  const headers = new Headers(draft.headers);
  let body: string | undefined;
  if (draft.rawBody !== undefined) body = draft.rawBody;
  else if (draft.body !== undefined) body = JSON.stringify(draft.body);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return new Request(`${ORIGIN}${path}${search ? `?${search}` : ''}`, {
    method: op.method,
    headers,
    body,
  });
}

/** Whether the contract itself accepts the draft (Ajv over the document). */
function contractAccepts(op: Op, draft: Draft): boolean {
  for (const param of op.params) {
    const raw =
      param.in === 'header'
        ? lowerKeys(draft.headers)[param.name.toLowerCase()]
        : (param.in === 'path' ? draft.path : draft.query)[param.name];
    if (raw === undefined) {
      if (param.required) return false;
      continue;
    }
    if (validateAt(api, param.at, readParam(param.schema, raw)).length) return false;
  }
  const declared = new Set(op.params.filter((p) => p.in === 'query').map((p) => p.name));
  if (op.checked && Object.keys(draft.query).some((name) => !declared.has(name))) return false;
  if (!op.body) return true;
  if (draft.rawBody !== undefined) return false;
  if (draft.body === undefined) return !op.bodyRequired;
  return validateAt(api, op.body, draft.body).length === 0;
}

const lowerKeys = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]));

/** A parameter's text as the value its schema types it as. */
function readParam(schema: Json, raw: string): unknown {
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : schema.type;
  if (type === 'integer' && /^-?\d+$/.test(raw)) return Number(raw);
  if (type === 'number' && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

// ── Ways to break one rule ───────────────────────────────────────────────────────────────────

interface Breach {
  name: string;
  apply(draft: Draft): Draft;
}

const clone = (draft: Draft): Draft => structuredClone(draft);

function breaches(op: Op): Breach[] {
  const list: Breach[] = [];
  for (const param of op.params) {
    if (param.in === 'path') continue;
    const where = param.in === 'header' ? 'headers' : 'query';
    if (param.required)
      list.push({
        name: `without ${param.in} ${param.name}`,
        apply: (d) => {
          const next = clone(d);
          for (const key of Object.keys(next[where]))
            if (key.toLowerCase() === param.name.toLowerCase()) delete next[where][key];
          return next;
        },
      });
    const bad = badText(param.schema);
    if (bad !== null)
      list.push({
        name: `${param.in} ${param.name}=${JSON.stringify(bad)}`,
        apply: (d) => ({ ...clone(d), [where]: { ...d[where], [param.name]: bad } }),
      });
  }
  if (op.params.some((p) => p.in === 'query') || op.method === 'GET')
    list.push({
      name: 'an unlisted query parameter',
      apply: (d) => ({ ...clone(d), query: { ...d.query, not_in_the_contract: '1' } }),
    });
  if (op.body) list.push(...bodyBreaches(op.body, op.bodyRequired));
  return list;
}

/** Text a parameter of this (resolved) schema may not take, or null when it takes any text. */
function badText(s: Json): string | null {
  if (Array.isArray(s.enum)) return 'not-one-of-them';
  if (s.type === 'integer' || s.type === 'number') return 'x1';
  if (s.type === 'boolean') return 'maybe';
  if (typeof s.maxLength === 'number') return 'x'.repeat(s.maxLength + 1);
  if (typeof s.minLength === 'number' && s.minLength > 0) return '';
  if (typeof s.pattern === 'string') return '\u001b';
  return null;
}

function bodyBreaches(pointer: string, required: boolean): Breach[] {
  const list: Breach[] = [];
  const { value, pointer: at } = deref(pointer);
  const schema = value as Json;
  if (required) {
    list.push({ name: 'without a body', apply: (d) => ({ ...clone(d), body: undefined }) });
    list.push({ name: 'a body that is not JSON', apply: (d) => ({ ...clone(d), rawBody: '{' }) });
  }
  const parts = partsOf(at, schema);
  const setKey = (key: string, v: unknown) => (d: Draft) => ({
    ...clone(d),
    body: { ...(isObject(d.body) ? d.body : {}), [key]: v },
  });
  for (const part of parts) {
    for (const key of (part.schema.required as string[] | undefined) ?? [])
      list.push({
        name: `body without ${key}`,
        apply: (d) => {
          const next = clone(d);
          if (isObject(next.body)) delete next.body[key];
          return next;
        },
      });
    for (const key of Object.keys((part.schema.properties ?? {}) as Json)) {
      const prop = deref(child(part.at, 'properties', key)).value as Json;
      const types = (Array.isArray(prop.type) ? prop.type : [prop.type]) as string[];
      if (types.includes('string')) {
        list.push({ name: `body ${key} as a number`, apply: setKey(key, 12345) });
        if (typeof prop.maxLength === 'number')
          list.push({
            name: `body ${key} over ${prop.maxLength}`,
            apply: setKey(key, '长'.repeat(prop.maxLength + 1)),
          });
        if (String(prop.pattern ?? '').includes('\\u0000'))
          list.push({ name: `body ${key} with ESC`, apply: setKey(key, 'a\u001bb') });
      } else if (types.includes('integer') || types.includes('number')) {
        list.push({ name: `body ${key} as text`, apply: setKey(key, 'twelve') });
      } else if (types.includes('boolean')) {
        list.push({ name: `body ${key} as text`, apply: setKey(key, 'yes') });
      } else if (types.includes('array')) {
        list.push({ name: `body ${key} as an object`, apply: setKey(key, { not: 'a list' }) });
      }
    }
  }
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false)
    list.push({ name: 'an unknown body key', apply: setKey('not_in_the_contract', 1) });
  return list;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// ── The run ──────────────────────────────────────────────────────────────────────────────────

let backend: Backend;
beforeAll(async () => {
  backend = createBackend({ storage: { load: async () => null, save: async () => {} } });
  await backend.ready;
});
afterAll(() => backend.close());

const counts = { operations: 0, valid: 0, succeeded: 0, invalid: 0, breaches: 0, skipped: 0 };

/** The answer, read whole (a stream is judged on what it sent within two seconds). */
async function answer(request: Request) {
  const response = await backend.handle(request.clone());
  expect(response, `${request.method} ${request.url} has an answer`).not.toBeNull();
  const problems = await checkResponse(request, response!, { signal: AbortSignal.timeout(2000) });
  const text = response!.headers.get('content-type')?.includes('application/json')
    ? await response!.text()
    : '';
  return { status: response!.status, problems, body: text ? (JSON.parse(text) as Json) : null };
}

const OPS = operations();

/** The operations in four runs of about 36, each well within a unit test's time. */
const CHUNKS = 4;
const chunks = Array.from({ length: CHUNKS }, (_, i) =>
  OPS.filter((_, n) => Math.floor((n * CHUNKS) / OPS.length) === i),
);
let failureCount = 0;

afterAll(() => {
  console.info(
    `contract conformance (seed ${SEED}): ${counts.operations} operations, ` +
      `${counts.valid} valid requests (${counts.succeeded} answered 2xx, the rest a documented ` +
      `refusal), ${counts.invalid} invalid requests (${counts.breaches} ways of breaking a rule), ` +
      `${counts.skipped} operations the mock does not check (the storage host and payment ` +
      `pages), ${failureCount} failures`,
  );
});

describe('the mock backend keeps to openapi/api.yaml', () => {
  it.each(chunks.map((ops, i) => [`${ops[0]!.id} … ${ops.at(-1)!.id}`, i] as const))(
    'answers %s as documented, and refuses each broken rule with 42200',
    async (_, chunk) => {
      const failures: string[] = [];
      for (const op of chunks[chunk]!) {
        await resetMockBackend();
        const session = await signedIn();
        const draft = draftFor(op, session);
        const routed = (d: Draft) => {
          const url = new URL(toRequest(op, d).url);
          return matchRoute(api.routes, url.pathname)?.path === op.path;
        };
        const valid = draft.filter((d) => routed(d) && contractAccepts(op, d));
        counts.operations += 1;

        await fc
          .assert(
            fc.asyncProperty(valid, async (d) => {
              const request = toRequest(op, d);
              counts.valid += 1;
              const refusal = op.checked ? await validateRequest(request.clone()) : null;
              const { status, problems } = await answer(request);
              if (status < 300) counts.succeeded += 1;
              const said = [
                ...(refusal ? [`the mock's check refuses it: ${refusal}`] : []),
                ...(status >= 500 ? [`HTTP ${status}`] : []),
                ...problems,
              ];
              if (said.length) throw new Error(`${op.id} ${request.url}\n  ${said.join('\n  ')}`);
            }),
            { seed: SEED, numRuns: VALID_RUNS, endOnFailure: true },
          )
          .catch((error: Error) =>
            failures.push(error.message.split('\n').slice(0, 12).join('\n')),
          );

        if (!op.checked) {
          counts.skipped += 1;
          continue;
        }
        for (const breach of breaches(op)) {
          let tried = 0;
          await fc
            .assert(
              fc.asyncProperty(valid, async (d) => {
                const broken = breach.apply(d);
                // Some breaches are no breach for some drafts (an optional key already absent).
                if (contractAccepts(op, broken) || !routed(broken)) return;
                tried += 1;
                counts.invalid += 1;
                const request = toRequest(op, broken);
                const { status, problems, body } = await answer(request);
                const code = body?.error_code;
                if (status !== 422 || code !== 42200 || problems.length)
                  throw new Error(
                    `${op.id} ${breach.name}: HTTP ${status} ${String(code)} ${String(body?.error_msg)}\n  ${problems.join('\n  ')}`,
                  );
              }),
              { seed: SEED, numRuns: INVALID_RUNS, endOnFailure: true },
            )
            .catch((error: Error) =>
              failures.push(error.message.split('\n').slice(0, 12).join('\n')),
            );
          if (tried) counts.breaches += 1;
        }
      }
      failureCount += failures.length;
      expect(failures).toEqual([]);
    },
    30_000,
  );
});
