import { CONTRACT_ROUTES } from './contract-routes.gen';
import {
  REQUEST_VALIDATORS,
  type OperationValidators,
  type RequestIssue,
  type RequestValidator,
} from './request-validators.gen';
import { matchRoute, routeParams } from './route-match';
import { requestIssueText } from './served-copy';

type Part = 'header' | 'path' | 'query';

/**
 * Checks a request against its operation in openapi/api.yaml before any handler reads it:
 * the declared headers, the path and query parameters (no query parameter the operation does
 * not list) and the JSON body, with the validators `npm run api:gen` compiles from the
 * contract (`request-validators.gen.ts`). A request that breaks the contract is answered 422
 * with 42200, the contract's code for bad parameters, in the request's language (`handle` in
 * http.ts answers it); what is left to the handlers are the business rules. Operations that
 * do not document 42200 (the storage host's files, the pages) are not checked.
 *
 * @returns the refusal's message, or null when the request keeps to the contract
 */
export async function validateRequest(request: Request): Promise<string | null> {
  try {
    await check(request);
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
}

/** How a check below ends the validation of a request that breaks the contract. */
class Refusal extends Error {}

async function check(request: Request): Promise<void> {
  const url = new URL(request.url);
  const route = matchRoute(CONTRACT_ROUTES, url.pathname);
  const validators = route && REQUEST_VALIDATORS[`${request.method} ${route.path}`];
  if (!route || !validators) return;
  const parts: Record<Part, Record<string, unknown>> = {
    header: Object.fromEntries(request.headers),
    path: routeParams(route.path, url.pathname) ?? {},
    query: queryOf(url.searchParams),
  };
  for (const part of ['header', 'path', 'query'] as const) {
    const values = coerce(parts[part], validators.coerce[part]);
    checkPart(request, validators[part], values, part);
  }
  await checkBody(request, validators);
}

function queryOf(search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    // A repeated parameter is a list, which no parameter of the contract is.
    query[name] = values.length === 1 ? values[0] : values;
  }
  return query;
}

/** Query, path and header values are text: those the contract types otherwise are read as such. */
function coerce(
  values: Record<string, unknown>,
  types: OperationValidators['coerce'][Part],
): Record<string, unknown> {
  if (!types) return values;
  const out = { ...values };
  for (const [name, type] of Object.entries(types)) {
    const text = out[name];
    if (typeof text !== 'string') continue;
    if (type === 'boolean') {
      if (text === 'true' || text === 'false') out[name] = text === 'true';
    } else if (type === 'integer' ? /^-?\d+$/.test(text) : /^-?\d+(\.\d+)?$/.test(text)) {
      out[name] = Number(text);
    }
  }
  return out;
}

async function checkBody(request: Request, validators: OperationValidators): Promise<void> {
  if (!validators.body) return;
  const text = await request.clone().text();
  if (text === '') {
    if (validators.bodyRequired) refuse(request, 'body', { keyword: 'required', params: {} });
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    refuse(request, 'body', { keyword: 'json', params: {} });
  }
  checkPart(request, validators.body, body, 'body');
}

function checkPart(request: Request, validate: RequestValidator, data: unknown, part: string) {
  if (validate(data)) return;
  const issue = validate.errors?.[0] ?? { instancePath: '', keyword: 'type', params: {} };
  refuse(request, part, issue);
}

function refuse(
  request: Request,
  part: string,
  issue: Pick<RequestIssue, 'keyword' | 'params'> & { instancePath?: string },
): never {
  // `/title` → title, `/character_relationships/0/name` → character_relationships[0].name;
  // a missing key is named by itself.
  const steps = (issue.instancePath ?? '')
    .split('/')
    .slice(1)
    .map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string')
    steps.push(issue.params.missingProperty);
  if (
    issue.keyword === 'additionalProperties' &&
    typeof issue.params.additionalProperty === 'string'
  )
    steps.push(issue.params.additionalProperty);
  const name = steps.reduce(
    (path, step) => (/^\d+$/.test(step) ? `${path}[${step}]` : path ? `${path}.${step}` : step),
    '',
  );
  throw new Refusal(
    requestIssueText(request, { part, name, keyword: issue.keyword, params: issue.params }),
  );
}
