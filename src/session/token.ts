import { clock } from '@/lib/clock';
/**
 * Token lifecycle (spec 2 §4, §9): the access token carries exp and nbf in seconds; it is
 * valid while nbf <= now < exp, and is renewed once fewer than 86400 s are left.
 */
export const REFRESH_THRESHOLD_S = 86400;

export interface TokenTimes {
  exp: number;
  nbf: number;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const bin = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/**
 * Reads exp/nbf from a JWT payload without trusting it (the server checks the signature).
 * Anything that is not a three-part token with numeric times reads as null. A missing nbf
 * means "valid from the start" (RFC 7519 makes it optional).
 */
export function decodeTokenTimes(token: string | null | undefined): TokenTimes | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, nbf } = claims;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || !Number.isFinite(nbf))) return null;
    return { exp, nbf: nbf ?? Number.NEGATIVE_INFINITY };
  } catch {
    return null;
  }
}

export type TokenValidity = 'valid' | 'invalid';

/** Spec 2 §4: valid iff exp is after now and nbf is not after now. */
export function tokenValidity(token: string | null | undefined, nowS: number): TokenValidity {
  const times = decodeTokenTimes(token);
  if (!times) return 'invalid';
  return times.exp > nowS && times.nbf <= nowS ? 'valid' : 'invalid';
}

/** What the lifecycle should do with the current token right now. */
export type TokenAction = 'logout' | 'refresh' | 'keep';

export function tokenAction(token: string | null | undefined, nowS: number): TokenAction {
  if (tokenValidity(token, nowS) === 'invalid') return 'logout';
  const { exp } = decodeTokenTimes(token)!;
  return exp - nowS < REFRESH_THRESHOLD_S ? 'refresh' : 'keep';
}

/**
 * Ms until the token crosses the refresh threshold (0 when it already has), so a timer can
 * wake exactly then instead of polling. Null for a token without readable times.
 */
export function msUntilRefreshDue(token: string | null | undefined, nowS: number): number | null {
  const times = decodeTokenTimes(token);
  if (!times) return null;
  return Math.max(0, (times.exp - REFRESH_THRESHOLD_S - nowS) * 1000);
}

/**
 * Server-time offset from one time-service answer: the server's ms is taken to be the
 * midpoint of the request, so half the round trip is added back.
 */
export function clockOffsetMs(serverMs: number, sentAtMs: number, receivedAtMs: number): number {
  const midpoint = sentAtMs + (receivedAtMs - sentAtMs) / 2;
  return Math.round(serverMs - midpoint);
}

/** A clock that follows the server when the time service answered, else the local clock. */
export function createServerClock(localNow: () => number = () => clock.now()) {
  let offsetMs = 0;
  let synced = false;
  return {
    nowMs: () => localNow() + offsetMs,
    nowS: () => Math.floor((localNow() + offsetMs) / 1000),
    synced: () => synced,
    setOffset(ms: number) {
      offsetMs = ms;
      synced = true;
    },
    reset() {
      offsetMs = 0;
      synced = false;
    },
  };
}

export type ServerClock = ReturnType<typeof createServerClock>;
