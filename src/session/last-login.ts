import { storage, STORAGE_KEYS } from '@/lib/storage';

/**
 * What `pro_last_login` holds (spec 1 §3 "last login"): who last logged in on this browser,
 * how, and when. Written only here, from the session listener on `credentialsReceived`.
 */
export interface LastLogin {
  uid: string;
  /** 'phone', 'email' or the OAuth provider; null when the login did not say. */
  method: string | null;
  at: number;
}

export function recordLastLogin(uid: string, method: string | undefined, at: number) {
  const previous = readLastLogin();
  storage.set<LastLogin>(STORAGE_KEYS.lastLogin, {
    uid,
    method: method ?? (previous?.uid === uid ? previous.method : null),
    at,
  });
}

export function readLastLogin(): LastLogin | null {
  const saved = storage.get<Partial<LastLogin>>(STORAGE_KEYS.lastLogin);
  if (!saved || typeof saved.uid !== 'string' || typeof saved.at !== 'number') return null;
  return {
    uid: saved.uid,
    method: typeof saved.method === 'string' ? saved.method : null,
    at: saved.at,
  };
}
