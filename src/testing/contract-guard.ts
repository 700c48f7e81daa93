import type { ErrorObject } from 'ajv/dist/2020';
import { ADMIN_PATH } from '@mocks/admin-client';
import { isApiRequest } from '@mocks/api-paths';
import {
  child,
  contract,
  findOperation,
  resolve,
  validateAt,
  type Contract,
  type Json,
  type Operation,
} from './contract-documents';

/**
 * Checks one answer of the mock backend against the document that describes it: the status
 * must be one the operation documents (or its `default`), a JSON body must match that
 * response's schema, an error's code must be one the operation lists. Returns the violations
 * as readable sentences, none when the answer is fine. Reads a clone; the caller's response
 * stays unread.
 */
export async function checkResponse(
  request: Request,
  response: Response,
  options: CheckOptions = {},
): Promise<string[]> {
  // A network failure (Response.error()) is the absence of an answer, not an answer.
  if (response.type === 'error') return [];
  if (response.headers.has(OFF_CONTRACT_HEADER)) return [];
  const url = new URL(request.url);
  const c = contractFor(url);
  if (!c) return [];
  const copy = response.clone();
  const found = findOperation(c, request.method, url.pathname);
  if (found.operation) {
    const name = found.operation.operationId ?? `${request.method} ${found.route!.path}`;
    const target = { operation: found.operation, pointer: found.pointer, name };
    return checkAnswer(c, target, copy, options);
  }
  const kind = found.route ? 'method' : 'path';
  const pointer = child('/x-unmatched', kind);
  const operation = resolve(c, pointer).value as Operation | undefined;
  if (!operation) {
    return [
      found.route
        ? `${c.file} has no ${request.method} operation on ${found.route.path}`
        : `${c.file} has no path ${url.pathname}`,
    ];
  }
  return checkAnswer(c, { operation, pointer, name: `x-unmatched.${kind}` }, copy, options);
}

/** Set by `offContract`: the guard lets such an answer pass. */
export const OFF_CONTRACT_HEADER = 'X-Off-Contract';

/**
 * Marks an answer a test's handler breaks the contract with on purpose, to see the client
 * survive a host that does (`why` says which); the guard passes it and only it.
 */
export function offContract<R extends Response>(response: R, why: string): R {
  response.headers.set(OFF_CONTRACT_HEADER, why);
  return response;
}

export interface CheckOptions {
  /** Ends the wait for a body still streaming when the test is over: what arrived is judged. */
  signal?: AbortSignal;
}

interface Target {
  operation: Operation;
  pointer: string;
  name: string;
}

/** The document a path belongs to, or null for what is not the backend's to answer. */
function contractFor(url: URL): Contract | null {
  if (url.pathname === ADMIN_PATH || url.pathname.startsWith(`${ADMIN_PATH}/`))
    return contract('openapi/mock-admin.yaml');
  // Everything under the API prefixes, the mock storage host (/mock-oss/) included.
  if (isApiRequest(url.href)) return contract('openapi/api.yaml');
  // Page assets and third-party hosts a test stands in for: no document describes them.
  return null;
}

async function checkAnswer(
  c: Contract,
  target: Target,
  response: Response,
  options: CheckOptions,
): Promise<string[]> {
  const status = response.status;
  const responses = (target.operation.responses ?? {}) as Json;
  // `default` is "any other failure" in these documents, never another kind of success.
  const key =
    [String(status), `${String(status)[0]}XX`].find((k) => k in responses) ??
    (status >= 400 && 'default' in responses ? 'default' : undefined);
  if (!key) {
    const documented = Object.keys(responses).join(', ');
    return [`${target.name} does not document HTTP ${status} (documented: ${documented})`];
  }
  const at = resolve(c, child(target.pointer, 'responses', key));
  const spec = at.value as Json;
  const violations = missingHeaders(c, at.pointer, spec, response, target.name);
  const content = (spec.content ?? {}) as Json;
  const type = mediaType(response);
  const { text, complete } = await readText(response, options.signal);
  if (!Object.keys(content).length) {
    if (text) violations.push(`${target.name} ${key} documents no body, got ${type ?? 'one'}`);
    return violations;
  }
  const documented = Object.keys(content);
  const media = type && documented.find((m) => mediaMatches(m, type));
  if (!media) {
    const got = type ?? (text ? 'a body without Content-Type' : 'no body');
    return [...violations, `${target.name} ${key} is ${documented.join(' or ')}, got ${got}`];
  }
  const schemaAt = child(at.pointer, 'content', media, 'schema');
  // Without a schema there is only the status and the media type to judge.
  if (typeof resolve(c, schemaAt).value !== 'object') return violations;
  if (isNdjson(type)) return [...violations, ...checkLines(c, schemaAt, text, complete)];
  // A body cut short by the end of the test cannot be judged; a complete one must parse.
  if (!isJson(type) || !complete) return violations;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...violations, `the body is not JSON: ${text.slice(0, 80)}`];
  }
  const errors = validateAt(c, schemaAt, body).map((e) => describe(e, 'body'));
  if (errors.length) return [...violations, ...limit(errors)];
  return [...violations, ...checkErrorCode(target, status, body)];
}

function missingHeaders(
  c: Contract,
  pointer: string,
  spec: Json,
  response: Response,
  name: string,
): string[] {
  return Object.keys((spec.headers ?? {}) as Json).flatMap((header) => {
    const required = (resolve(c, child(pointer, 'headers', header)).value as Json)?.required;
    return required === true && !response.headers.has(header)
      ? [`${name} requires the ${header} header`]
      : [];
  });
}

/**
 * Error answers carry a code the operation lists, whose first three digits are the status
 * (openapi/api.yaml conventions). A 5xx is the server failing: the `default` response of
 * every operation covers it, so its codes are not listed. The one code without a status is
 * spec 2 §8's failure body, error_code 0 with an error_id and the text to show: a 5xx too.
 */
function checkErrorCode(target: Target, status: number, body: unknown): string[] {
  const code = (body as Json | null)?.error_code;
  if (status < 400 || typeof code !== 'number') return [];
  if (code === 0 && status >= 500 && typeof (body as Json).error_id === 'string') return [];
  const violations: string[] = [];
  if (Math.floor(code / 100) !== status)
    violations.push(`error_code ${code} does not go with HTTP ${status}`);
  const listed = target.operation['x-error-codes'];
  if (status < 500 && Array.isArray(listed) && !listed.includes(code))
    violations.push(
      `error_code ${code} is not in x-error-codes of ${target.name} [${listed.join(', ')}]`,
    );
  return violations;
}

/** Newline-delimited JSON: every complete line is one value of the schema. */
function checkLines(c: Contract, schemaAt: string, text: string, complete: boolean): string[] {
  const lines = text.split('\n');
  // The last piece is a whole line only when the stream ended normally.
  if (!complete) lines.pop();
  const violations = lines.flatMap((line, i) => {
    if (!line.trim()) return [];
    try {
      return validateAt(c, schemaAt, JSON.parse(line)).map((e) => describe(e, `line ${i + 1}`));
    } catch {
      return [`line ${i + 1} is not JSON: ${line.slice(0, 80)}`];
    }
  });
  return limit(violations);
}

function describe(error: ErrorObject, where: string): string {
  const at = `${where}${error.instancePath}`;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at} has ${String(error.params.additionalProperty)}, which the schema does not allow`;
    case 'enum':
      return `${at} must be one of ${JSON.stringify(error.params.allowedValues)}`;
    default:
      return `${at} ${error.message ?? error.keyword}`;
  }
}

const MAX_REPORTED = 8;
const limit = (violations: string[]) =>
  violations.length > MAX_REPORTED
    ? [...violations.slice(0, MAX_REPORTED), `… and ${violations.length - MAX_REPORTED} more`]
    : violations;

function mediaType(response: Response): string | null {
  const header = response.headers.get('Content-Type');
  return header ? header.split(';')[0]!.trim().toLowerCase() : null;
}

function mediaMatches(documented: string, actual: string): boolean {
  if (documented === actual || documented === '*/*') return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

const isJson = (type: string | null) =>
  type === 'application/json' || Boolean(type?.endsWith('+json'));
const isNdjson = (type: string | null) => type === 'application/x-ndjson';

/**
 * The body's text as far as it arrives: all of it, or what came before the stream broke or the
 * signal ended the wait (`complete` false).
 */
async function readText(
  response: Response,
  signal?: AbortSignal,
): Promise<{ text: string; complete: boolean }> {
  if (!response.body) return { text: '', complete: true };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), complete: !signal?.aborted };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, complete: false };
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
