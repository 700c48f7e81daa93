import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Credentials of the signed-in user. Shared code (src/session/) so that the HTTP client, the
 * stream client and the features read one copy; only the refresh path replaces the tokens.
 */
export interface SessionState {
  uid: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  /** Why the last session ended, so the shell can say so (and not re-prompt after a logout). */
  endedBy: SessionEndReason | null;
  /**
   * The account whose session ended without a logout (`expired`, `stateError`), until the
   * next login or logout: its screen stays, read-only (app/require-auth.tsx), and its calls
   * refused for want of a session wait for it to sign in again (authorised-call.ts).
   */
  endedUid?: string | null;
  /**
   * The server clock minus the device clock (ms), from the time service (spec 2 §4); absent
   * until it answered. Kept across sessions: it is the server's time, not the user's.
   */
  clockOffsetMs?: number;
}

/**
 * - `logout`: the user logged out (here or in another tab);
 * - `expired`: the token is invalid and could not be refreshed (spec 1 §4: 40103 logs out);
 * - `stateError`: the server refused the login state at start-up (spec 2 §4 error-1);
 * - `reset`: the account of the token is gone, local storage is cleared (login_reset).
 */
export type SessionEndReason = 'logout' | 'expired' | 'stateError' | 'reset';

/** Ends after which the same account may come back to what it left (not a logout or reset). */
const AWAITS_ACCOUNT: ReadonlySet<SessionEndReason> = new Set(['expired', 'stateError']);

export const initialSessionState: SessionState = {
  uid: null,
  accessToken: null,
  refreshToken: null,
  endedBy: null,
};

export interface Credentials {
  uid: string;
  access_token: string;
  refresh_token: string;
  /** How the user logged in ('phone', 'email', a provider), kept in `pro_last_login`. */
  method?: string;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    credentialsReceived(state, action: PayloadAction<Credentials>) {
      return {
        uid: action.payload.uid,
        accessToken: action.payload.access_token,
        refreshToken: action.payload.refresh_token,
        endedBy: null,
        ...(state.clockOffsetMs === undefined ? {} : { clockOffsetMs: state.clockOffsetMs }),
      };
    },
    tokensRefreshed(state, action: PayloadAction<{ access_token: string; refresh_token: string }>) {
      state.accessToken = action.payload.access_token;
      state.refreshToken = action.payload.refresh_token;
    },
    sessionEnded(state, action: PayloadAction<SessionEndReason>) {
      // A late report of the same end (a call that met the dead token after it) keeps the
      // account that is awaited.
      const endedUid = AWAITS_ACCOUNT.has(action.payload)
        ? (state.uid ?? state.endedUid ?? null)
        : null;
      return {
        ...initialSessionState,
        endedBy: action.payload,
        endedUid,
        ...(state.clockOffsetMs === undefined ? {} : { clockOffsetMs: state.clockOffsetMs }),
      };
    },
    /** The time service answered: the offset every "now" of the server is judged by. */
    clockSynced(state, action: PayloadAction<number>) {
      state.clockOffsetMs = action.payload;
    },
  },
  selectors: {
    selectUid: (s) => s.uid,
    selectIsLoggedIn: (s) => s.accessToken !== null && s.uid !== null,
    selectAccessToken: (s) => s.accessToken,
    selectSessionEndedBy: (s) => s.endedBy,
    selectEndedUid: (s) => s.endedUid ?? null,
    selectClockOffsetMs: (s) => s.clockOffsetMs ?? 0,
  },
});

export const { credentialsReceived, tokensRefreshed, sessionEnded, clockSynced } =
  sessionSlice.actions;
export const {
  selectUid,
  selectIsLoggedIn,
  selectAccessToken,
  selectSessionEndedBy,
  selectEndedUid,
  selectClockOffsetMs,
} = sessionSlice.selectors;
