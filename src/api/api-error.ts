import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Every failed call, normalised. `code` is the server's error_code when there is one. */
export interface ApiError {
  /** HTTP status, or 0 for no response (offline, DNS, CORS, timeout). */
  status: number;
  code: number | null;
  /** The server's error_msg, shown only where no translated message exists. */
  serverMessage: string | null;
  content?: unknown;
  kind: 'network' | 'timeout' | 'server' | 'auth' | 'client';
}

interface ErrorBody {
  error_code?: unknown;
  error_msg?: unknown;
  content?: unknown;
}

export function normaliseError(error: FetchBaseQueryError): ApiError {
  if (error.status === 'FETCH_ERROR')
    return { status: 0, code: null, serverMessage: null, kind: 'network' };
  if (error.status === 'TIMEOUT_ERROR')
    return { status: 0, code: null, serverMessage: null, kind: 'timeout' };
  if (error.status === 'PARSING_ERROR') {
    return {
      status: error.originalStatus,
      code: null,
      serverMessage: null,
      kind: error.originalStatus >= 500 ? 'server' : 'client',
    };
  }
  if (error.status === 'CUSTOM_ERROR')
    return { status: 0, code: null, serverMessage: error.error, kind: 'client' };
  const status: number = error.status;
  const body = (error.data ?? {}) as ErrorBody;
  const code = typeof body.error_code === 'number' ? body.error_code : null;
  const serverMessage =
    typeof body.error_msg === 'string' && body.error_msg ? body.error_msg : null;
  const kind: ApiError['kind'] =
    status === 0 || status >= 500 ? 'server' : status === 401 ? 'auth' : 'client';
  return { status, code, serverMessage, content: body.content, kind };
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    'status' in value &&
    'code' in value
  );
}

/** The token is no longer accepted (spec 1 §4: 401 with 40103 logs the user out). */
export const TOKEN_INVALID_CODE = 40103;
