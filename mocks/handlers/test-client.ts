/**
 * The HTTP client the handler tests share: calls the mock backend as the app does
 * (JSON, lang/ostype, bearer + uid). Imported only by tests.
 */
import { expect } from 'vitest';
import { AUTHOR_UID } from '../seed-ids';
import { issueSession } from '../tokens';

export const ORIGIN = 'http://localhost:3000';

export interface Auth {
  uid: string;
  access_token: string;
}

export interface Answer {
  status: number;
  // Test code reads whatever the contract says is there.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One call to the mock backend, as the client makes it (JSON, lang/ostype, bearer + uid). */
export async function call(
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; auth?: Auth; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { lang: 'zh', ostype: 'web', ...options.headers };
  if (options.body !== undefined || options.raw !== undefined)
    headers['Content-Type'] = 'application/json';
  if (options.auth) {
    headers.Authorization = `Bearer ${options.auth.access_token}`;
    headers.uid = options.auth.uid;
  }
  const res = await fetch(ORIGIN + path, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const post = (path: string, body?: unknown, auth?: Auth) =>
  call('POST', path, { body, auth });
export const get = (path: string, auth?: Auth) => call('GET', path, { auth });

/** The answer is the contract's error body with this code, and the HTTP status that goes with it. */
export function expectError(answer: Answer, code: number, status = Math.floor(code / 100)) {
  expect(answer.body?.error_code, JSON.stringify(answer.body)).toBe(code);
  expect(answer.status).toBe(status);
}

/** A fresh session for the user, as a login would hand it out. */
export async function session(uid = AUTHOR_UID): Promise<Auth & { refresh_token: string }> {
  const s = await issueSession(uid);
  return { uid, access_token: s.access_token, refresh_token: s.refresh_token };
}
