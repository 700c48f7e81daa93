import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Every failed call, normalised. `code` is the server's error_code when there is one. */
export interface ApiError {
  /** HTTP status, or 0 for no response (offline, DNS, CORS, timeout). */
  status: number;
  code: number | null;
  /** The server's error_msg, shown only where no translated message exists. */
  serverMessage: string | null;
  content?: unknown;
  /**
   * What failed: `network` (no answer), `timeout` (no answer within the client's limit),
   * `server` (a 5xx: the service answered that it failed), `auth` (401), `client` (a refusal).
   */
  kind: 'network' | 'timeout' | 'server' | 'auth' | 'client';
  /** The failure's id for support, when a 5xx body names one (spec 2 §8 `error_id`). */
  errorId?: string | null;
}

interface ErrorBody {
  error_code?: unknown;
  error_msg?: unknown;
  content?: unknown;
  error_id?: unknown;
}

/** Whether the call got no answer or the service failed (not a refusal of what was asked). */
export function isFailure(error: ApiError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server';
}

/** The kind of a failure that got an answer, from its HTTP status alone. */
export function kindOfStatus(status: number): ApiError['kind'] {
  if (status >= 500) return 'server';
  if (status === 401) return 'auth';
  return 'client';
}

/** A failed answer as the app sees it: the one reading of status and error body (any client). */
export function errorFromAnswer(status: number, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as ErrorBody;
  const code = typeof body.error_code === 'number' ? body.error_code : null;
  const serverMessage =
    typeof body.error_msg === 'string' && body.error_msg ? body.error_msg : null;
  const errorId = typeof body.error_id === 'string' && body.error_id ? body.error_id : null;
  return {
    status,
    code,
    serverMessage,
    content: body.content,
    kind: kindOfStatus(status),
    errorId,
  };
}

/** No answer at all: the network failed or the client's timeout ran out. */
export function noAnswerError(kind: 'network' | 'timeout'): ApiError {
  return { status: 0, code: null, serverMessage: null, kind };
}

export function normaliseError(error: FetchBaseQueryError): ApiError {
  if (error.status === 'FETCH_ERROR') return noAnswerError('network');
  if (error.status === 'TIMEOUT_ERROR') return noAnswerError('timeout');
  if (error.status === 'PARSING_ERROR') {
    return {
      status: error.originalStatus,
      code: null,
      serverMessage: null,
      kind: kindOfStatus(error.originalStatus),
    };
  }
  if (error.status === 'CUSTOM_ERROR')
    return { status: 0, code: null, serverMessage: error.error, kind: 'client' };
  return errorFromAnswer(error.status, error.data);
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

/** A streaming client's failed answer, read the same way as the base query's. */
export async function errorOfResponse(res: Response): Promise<ApiError> {
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not the contract's error body: the status alone decides.
  }
  return errorFromAnswer(res.status, data);
}
