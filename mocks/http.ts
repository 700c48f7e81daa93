import { HttpResponse, delay, type DefaultBodyType, type JsonBodyType } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import type { paths } from '@/api/schema.gen';
import type { SessionRecord } from './db';
import { validateRequest } from './request-validation';
import { verifyAccessToken } from './tokens';

/**
 * Handlers typed from the contract: a wrong path, method or body shape is a type error.
 * `*` matches any origin, so the same handlers serve every service base in mock mode.
 */
export const http = createOpenApiHttp<paths>({ baseUrl: '*' });

export interface ErrorBody {
  error_code: number;
  error_msg: string;
  content: unknown;
}

/** An error answer in the contract's shape; the HTTP status is the code's first three digits. */
export function apiError(
  code: number,
  message: string,
  content: unknown = null,
  status = Math.floor(code / 100),
) {
  return HttpResponse.json<ErrorBody>(
    { error_code: code, error_msg: message, content },
    { status },
  );
}

/** Thrown inside a handler to answer with an error (see `handle`). */
export class MockApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly content: unknown = null,
    readonly status = Math.floor(code / 100),
  ) {
    super(message);
  }
}

export function fail(
  code: number,
  message: string,
  content: unknown = null,
  status?: number,
): never {
  throw new MockApiError(code, message, content, status);
}

/** Realistic latency in the browser, none under test. */
export const latency = {
  enabled: import.meta.env.MODE !== 'test',
  async wait() {
    if (this.enabled) await delay();
  },
};

/** The body type of a contract-typed request (openapi-msw's `request.json()`). */
export type BodyOf<R> = R extends { json(): Promise<infer B> } ? B : never;

/**
 * The JSON body of a request, as its operation in the contract types it: `handle` has checked
 * it against the contract's schema before the resolver runs (`request-validation.ts`, 42200),
 * so only the business rules are left to the handler.
 */
export async function readBody<R extends Request>(request: R): Promise<BodyOf<R>> {
  return (await request.clone().json()) as BodyOf<R>;
}

/** The signed-in user of a request, or a 401 with 40103 (spec 1 §4) when the token is not accepted. */
export function requireAuth(request: Request): string {
  return requireSession(request).uid;
}

/** Like `requireAuth`, with the server-side session the access token belongs to (logout, user info). */
export function requireSession(request: Request): { uid: string; session: SessionRecord } {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : null;
  const result = verifyAccessToken(token);
  if (!result.ok) fail(40103, `token ${result.reason}`, null, 401);
  const uidHeader = request.headers.get('uid');
  if (uidHeader && uidHeader !== result.uid) fail(40103, 'token does not belong to uid', null, 401);
  return { uid: result.uid, session: result.session };
}

/** Optional auth for public endpoints: the uid when a valid token is sent, else null. */
export function optionalAuth(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  if (!header.startsWith('Bearer ')) return null;
  const result = verifyAccessToken(header.slice(7));
  return result.ok ? result.uid : null;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * Wraps a resolver: waits the latency, checks the request against the contract (422/42200 for
 * one that breaks it, `request-validation.ts`) and turns thrown MockApiErrors into contract
 * error bodies. (What a request changed is stored by the host after it, backend.ts.)
 *
 * Typed so that openapi-msw still checks everything: `Info` (params, query, typed request) is
 * inferred from the `http.<method>(path, …)` call it is passed to, and `Body` from what the
 * resolver returns (`ok(body)`), which must then be one of the contract's response bodies for
 * that operation. Error answers (thrown `fail`) are not part of `Body`: every API operation
 * declares `ErrorBody` as its default response, and the one non-API path (the storage host's
 * text map) never fails, so they are typed as the operation's answer in this one place.
 */
export function handle<Info, Body extends DefaultBodyType>(
  resolver: (info: Info) => MaybePromise<HttpResponse<Body>>,
): (info: Info) => Promise<HttpResponse<Body>> {
  return async (info: Info) => {
    await latency.wait();
    try {
      const refusal = await validateRequest((info as { request: Request }).request);
      if (refusal !== null) fail(42200, refusal);
      return await resolver(info);
    } catch (error) {
      if (error instanceof MockApiError) {
        return apiError(
          error.code,
          error.message,
          error.content,
          error.status,
        ) as unknown as HttpResponse<Body>;
      }
      throw error;
    }
  };
}

/** A JSON success answer; its type is checked against the contract by `handle`. */
export function ok<T extends DefaultBodyType>(body: T, init?: ResponseInit): HttpResponse<T> {
  return HttpResponse.json(body as T & JsonBodyType, init) as HttpResponse<T>;
}
