import { AUTHOR_UID } from '../seed-ids';
import { clock } from '../clock';
import { db } from '../db';
import { fail, handle, http } from '../http';
import { issueSession } from '../tokens';
import { newUser } from '../users';

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

/** Spec 2 §4 shut: the seeded author is banned for two hours from now. */
export async function banned(uid: string = AUTHOR_UID, forS = 2 * 3600): Promise<void> {
  const now = clock.nowS();
  await db.users.update((q) => q.where({ uid }), {
    data: (u) => {
      u.shut = true;
      u.shut_time = now;
      u.shut_end_time = now + forS;
    },
  });
}

/** Spec 2 §4 bindphone: the seeded author has no phone bound. */
export async function phoneUnbound(uid: string = AUTHOR_UID): Promise<void> {
  await db.users.update((q) => q.where({ uid }), { data: (u) => void (u.phone = '') });
}

/**
 * Spec 2 §4 login_reset: signs in an account that is then deleted server-side, so the
 * start-up lookup finds no user (40407). The seeded accounts are left alone.
 */
export async function userLookupFails(): Promise<ClientSession> {
  const uid = `u_gone_${Math.random().toString(36).slice(2, 10)}`;
  await db.users.create(newUser({ uid, nickname: '已注销用户', created_at: clock.nowS() - 86400 }));
  const session = await signedIn(uid);
  await db.users.delete((q) => q.where({ uid }));
  return session;
}

/** The refresh endpoint refuses every token (40103): the session ends cleanly. */
export function refreshFails() {
  return [
    http.post(
      '/api/v1/user/refresh',
      handle(() => fail(40103, 'refresh token invalid', null, 401)),
    ),
  ];
}

/**
 * Spec 2 §4 error-1: the user lookup refuses the login state with a code that is neither
 * an invalid token nor a missing account.
 */
export function loginStateError() {
  return [
    http.post(
      '/v2/user/{uid}/info',
      handle(() => fail(42200, 'missing parameters: login state')),
    ),
  ];
}
