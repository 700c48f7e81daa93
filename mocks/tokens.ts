import { clock } from './clock';
import { db, type SessionRecord } from './db';
import { keyedHash } from './hash';
import { oneAtATime } from './one-at-a-time';

/**
 * JWT-shaped tokens (header.payload.signature, base64url JSON) so the client can read
 * exp/nbf exactly as it would from the real service. The signature is a keyed hash that
 * the mock checks; a forged or edited token is rejected like an expired one.
 */
export const ACCESS_TTL_S = 7 * 86400;
export const REFRESH_TTL_S = 30 * 86400;

/** Lifetimes can be shortened by scenarios (token-expiring-soon). */
export const tokenPolicy = { accessTtlS: ACCESS_TTL_S, refreshTtlS: REFRESH_TTL_S };

const SECRET = 'inkworld-mock-secret';

function b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(text: string): string {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** Keyed hash of the header and payload (see hash.ts). */
function sign(data: string): string {
  return keyedHash(SECRET, data);
}

export interface TokenClaims {
  uid: string;
  typ: 'access' | 'refresh';
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
}

let jtiSeq = 0;

export function encodeToken(claims: TokenClaims): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  return `${header}.${payload}.${sign(`${header}.${payload}`)}`;
}

export function decodeToken(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (sign(`${header}.${payload}`) !== signature) return null;
  try {
    const claims = JSON.parse(fromB64url(payload)) as TokenClaims;
    return typeof claims.uid === 'string' && typeof claims.exp === 'number' ? claims : null;
  } catch {
    return null;
  }
}

/**
 * Opens a session: a new access/refresh pair stored server-side (so logout can revoke it). A
 * login starts a family; a rotation passes its family on (`rotateRefreshToken`).
 */
export async function issueSession(uid: string, family?: string): Promise<SessionRecord> {
  const now = clock.nowS();
  jtiSeq += 1;
  const jti = `${now.toString(36)}${jtiSeq.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const token = (typ: TokenClaims['typ'], ttlS: number) =>
    encodeToken({ uid, typ, iat: now, nbf: now, exp: now + ttlS, jti });
  const access = token('access', tokenPolicy.accessTtlS);
  const refresh = token('refresh', tokenPolicy.refreshTtlS);
  return db.sessions.create({
    uid,
    access_token: access,
    refresh_token: refresh,
    exp: now + tokenPolicy.accessTtlS,
    refresh_exp: now + tokenPolicy.refreshTtlS,
    revoked: false,
    family: family ?? `f_${jti}`,
  });
}

export type AuthFailure = 'missing' | 'malformed' | 'expired' | 'not_yet_valid' | 'revoked';

/** Checks a bearer access token against its claims (exp/nbf) and the session table. */
export function verifyAccessToken(
  token: string | null,
): { ok: true; uid: string; session: SessionRecord } | { ok: false; reason: AuthFailure } {
  if (!token) return { ok: false, reason: 'missing' };
  const claims = decodeToken(token);
  if (!claims || claims.typ !== 'access') return { ok: false, reason: 'malformed' };
  const now = clock.nowS();
  if (claims.nbf > now) return { ok: false, reason: 'not_yet_valid' };
  const session = db.sessions.findFirst((q) => q.where({ access_token: token }));
  if (!session || session.revoked) return { ok: false, reason: 'revoked' };
  // The session row can be expired early by a scenario, so it wins over the claim.
  if (Math.min(claims.exp, session.exp) <= now) return { ok: false, reason: 'expired' };
  return { ok: true, uid: claims.uid, session };
}

/** A session's family; a row saved before families is one of its own. */
const familyOf = (session: SessionRecord) => session.family ?? session.refresh_token;

/**
 * Rotates a refresh token: the old pair is revoked, a new one of the same family is issued.
 * Reuse detection: a refresh token that was already used (its session revoked) is refused and
 * revokes its whole family, so whoever holds the pair issued from it (the user or whoever
 * copied the token) is logged out too and must log in again. A correct client never replays:
 * its tabs share one refresh (src/core/cross-tab.ts).
 */
export function rotateRefreshToken(refreshToken: string): Promise<SessionRecord | null> {
  // One at a time: two requests with one token must not both find it unused.
  return oneAtATime('refresh-rotation', () => rotate(refreshToken));
}

async function rotate(refreshToken: string): Promise<SessionRecord | null> {
  const claims = decodeToken(refreshToken);
  if (!claims || claims.typ !== 'refresh' || claims.exp <= clock.nowS()) return null;
  const session = db.sessions.findFirst((q) => q.where({ refresh_token: refreshToken }));
  if (!session) return null;
  const family = familyOf(session);
  if (session.revoked) {
    await revokeFamily(family);
    return null;
  }
  await db.sessions.update(session, { data: (s) => void (s.revoked = true) });
  return issueSession(session.uid, family);
}

/** Revokes every live session of a family (a replayed refresh token). */
async function revokeFamily(family: string): Promise<void> {
  const live = db.sessions.findMany((q) => q.where({ revoked: false }));
  for (const s of live) {
    if (familyOf(s) !== family) continue;
    await db.sessions.update((q) => q.where({ access_token: s.access_token }), {
      data: (r) => void (r.revoked = true),
    });
  }
}
