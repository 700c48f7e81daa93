import { AUTHOR_UID } from '../seed-ids';
import { clock } from '../clock';
import { db } from '../db';
import { issueSession } from '../tokens';

/**
 * Starting-state scenarios: they change the mock database once, when named in the URL.
 * They return the client session to install, when they sign someone in.
 */
export interface ClientSession {
  uid: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs in as the seeded author (stories with chapters, worlds with entries, followers, power). */
export async function signedIn(uid: string = AUTHOR_UID): Promise<ClientSession> {
  const s = await issueSession(uid);
  return { uid, accessToken: s.access_token, refreshToken: s.refresh_token };
}

/** Server-side, every live access token has just expired (its refresh token still works). */
export async function tokenExpired(): Promise<void> {
  const now = clock.nowS();
  await db.sessions.updateMany((q) => q.where({ revoked: false }), {
    data: (s) => void (s.exp = now - 1),
  });
}

/** Every live access token expires in one hour, under the client's 86400 s refresh threshold. */
export async function tokenExpiringSoon(seconds = 3600): Promise<void> {
  const now = clock.nowS();
  await db.sessions.updateMany((q) => q.where({ revoked: false }), {
    data: (s) => void (s.exp = Math.min(s.exp, now + seconds)),
  });
}
