import { initialSessionState, type SessionState } from '@/core/session-slice';
import type { PersistedPair } from '@/core/cross-tab';
import { storage, STORAGE_KEYS } from '@/lib/storage';

/** The session survives reloads (a reload must not log the user out). */
export function persistSession(session: SessionState) {
  if (session.accessToken && session.uid) {
    storage.set(STORAGE_KEYS.session, {
      uid: session.uid,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
    });
  } else {
    storage.remove(STORAGE_KEYS.session);
  }
}

export function loadSession(): SessionState {
  const saved = storage.get<Partial<SessionState>>(STORAGE_KEYS.session);
  if (!saved || typeof saved.uid !== 'string' || typeof saved.accessToken !== 'string')
    return { ...initialSessionState };
  return {
    uid: saved.uid,
    accessToken: saved.accessToken,
    refreshToken: typeof saved.refreshToken === 'string' ? saved.refreshToken : null,
    endedBy: null,
  };
}

/** The pair another tab persisted, for the cross-tab refresh (cross-tab.ts). */
export function readPersistedPair(): PersistedPair | null {
  const saved = loadSession();
  return saved.uid && saved.accessToken
    ? { uid: saved.uid, accessToken: saved.accessToken, refreshToken: saved.refreshToken }
    : null;
}
