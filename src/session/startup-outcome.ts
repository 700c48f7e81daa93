import { TOKEN_INVALID_CODE } from '@/core/api-error';
import type { TokenValidity } from './token';

/**
 * Start-up outcomes (spec 2 §4): what the app does with a stored session once, at start.
 * Pure: the caller supplies what it found; the effects (dialogs, storage) live elsewhere.
 */
export type StartupOutcome =
  'success' | 'login' | 'bindphone' | 'shut' | 'error' | 'error-1' | 'login_reset';

/** The parts of the user-info answer the outcome depends on. */
export interface StartupUser {
  isLogin: boolean;
  phone: string | null;
  shut: boolean;
  shut_end_time: number | null;
}

/** A failed user-info call, as the API client normalises it. */
export interface StartupError {
  kind: 'network' | 'timeout' | 'http' | 'parse' | string;
  status: number;
  code: number | null;
}

export type UserInfoResult = { ok: true; user: StartupUser } | { ok: false; error: StartupError };

export interface StartupInput {
  hasStoredSession: boolean;
  /** Validity of the stored access token on the server clock (token.ts). */
  token: TokenValidity;
  /** Absent when no lookup was made (no session, or an invalid token). */
  userInfo?: UserInfoResult;
  nowS: number;
}

/** The account of the token is gone (contract: getUserInfo 40407). */
export const USER_MISSING_CODE = 40407;

/** A ban is in force while its end time is in the future; a ban without an end has none. */
export function isBanActive(user: Pick<StartupUser, 'shut' | 'shut_end_time'>, nowS: number) {
  if (!user.shut) return false;
  return user.shut_end_time === null || user.shut_end_time > nowS;
}

export function startupOutcome(input: StartupInput): StartupOutcome {
  if (!input.hasStoredSession || input.token === 'invalid') return 'login';
  const result = input.userInfo;
  // A valid token whose lookup has not been made cannot be judged yet: it must be asked.
  if (!result) return 'error';
  if (!result.ok) {
    const { error } = result;
    if (error.code === TOKEN_INVALID_CODE) return 'login';
    if (error.code === USER_MISSING_CODE) return 'login_reset';
    // Connectivity: the session may be fine, so keep it and say the network failed.
    if (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500) return 'error';
    // Any other refusal means the server does not accept this login state.
    return 'error-1';
  }
  const { user } = result;
  if (!user.isLogin) return 'error-1';
  if (isBanActive(user, input.nowS)) return 'shut';
  if (!user.phone) return 'bindphone';
  return 'success';
}

/** Spec 1 §3, spec 2 §9: a user created less than 20 s ago is new. */
export const NEW_USER_WINDOW_S = 20;

export function isNewUser(createdAtS: number, nowS: number): boolean {
  return nowS - createdAtS < NEW_USER_WINDOW_S;
}

/** Spec 2 §9: the login event follows a login by 1500 ms, the login dialog an error by 500 ms. */
export const LOGIN_EVENT_DELAY_MS = 1500;
export const LOGIN_DIALOG_DELAY_MS = 500;
