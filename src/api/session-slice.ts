import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Credentials of the signed-in user. It lives in the api layer because the base query
 * reads it for every request and is the one place that refreshes or drops it.
 */
export interface SessionState {
  uid: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  /** Why the last session ended, so the shell can say so (and not re-prompt after a logout). */
  endedBy: 'logout' | 'expired' | null;
}

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
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    credentialsReceived(_state, action: PayloadAction<Credentials>) {
      return {
        uid: action.payload.uid,
        accessToken: action.payload.access_token,
        refreshToken: action.payload.refresh_token,
        endedBy: null,
      };
    },
    tokensRefreshed(state, action: PayloadAction<{ access_token: string; refresh_token: string }>) {
      state.accessToken = action.payload.access_token;
      state.refreshToken = action.payload.refresh_token;
    },
    sessionEnded(_state, action: PayloadAction<'logout' | 'expired'>) {
      return { ...initialSessionState, endedBy: action.payload };
    },
  },
  selectors: {
    selectUid: (s) => s.uid,
    selectIsLoggedIn: (s) => s.accessToken !== null && s.uid !== null,
    selectAccessToken: (s) => s.accessToken,
    selectSessionEndedBy: (s) => s.endedBy,
  },
});

export const { credentialsReceived, tokensRefreshed, sessionEnded } = sessionSlice.actions;
export const { selectUid, selectIsLoggedIn, selectAccessToken, selectSessionEndedBy } =
  sessionSlice.selectors;
