import { describe, expect, it } from 'vitest';
import {
  clockOffsetMs,
  createServerClock,
  decodeTokenTimes,
  msUntilRefreshDue,
  REFRESH_THRESHOLD_S,
  tokenAction,
  tokenValidity,
} from './token';

function b64url(s: string) {
  const bytes = new TextEncoder().encode(s);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
function jwt(payload: Record<string, unknown>) {
  return `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.sig`;
}

const NOW = 1_800_000_000;

describe('tokenValidity', () => {
  it('is valid when nbf <= now < exp', () => {
    expect(tokenValidity(jwt({ exp: NOW + 1, nbf: NOW }), NOW)).toBe('valid');
    expect(tokenValidity(jwt({ exp: NOW + 1, nbf: NOW - 10 }), NOW)).toBe('valid');
  });
  it('is invalid at or after exp', () => {
    expect(tokenValidity(jwt({ exp: NOW, nbf: NOW - 10 }), NOW)).toBe('invalid');
    expect(tokenValidity(jwt({ exp: NOW - 1, nbf: NOW - 10 }), NOW)).toBe('invalid');
  });
  it('is invalid before nbf', () => {
    expect(tokenValidity(jwt({ exp: NOW + 100, nbf: NOW + 1 }), NOW)).toBe('invalid');
  });
  it('treats a missing nbf as valid from the start', () => {
    expect(tokenValidity(jwt({ exp: NOW + 100 }), NOW)).toBe('valid');
  });
  it.each([
    ['null', null],
    ['empty', ''],
    ['two parts', 'a.b'],
    ['not base64 json', 'a.%%%.c'],
    ['string exp', jwt({ exp: String(NOW + 100) })],
    ['no exp', jwt({ nbf: NOW })],
    ['json null', `a.${b64url('null')}.c`],
  ])('is invalid for a malformed token (%s)', (_name, token) => {
    expect(tokenValidity(token, NOW)).toBe('invalid');
    expect(decodeTokenTimes(token)).toBeNull();
  });
  it('decodes base64url payloads with - and _ and unicode', () => {
    const token = jwt({ exp: NOW + 5, nbf: NOW, name: '墨友???>>>' });
    expect(decodeTokenTimes(token)).toEqual({ exp: NOW + 5, nbf: NOW });
  });
});

describe('tokenAction', () => {
  it('logs out an invalid token', () => {
    expect(tokenAction(jwt({ exp: NOW - 1, nbf: 0 }), NOW)).toBe('logout');
  });
  it('refreshes under 86400 s to expiry', () => {
    expect(tokenAction(jwt({ exp: NOW + REFRESH_THRESHOLD_S - 1, nbf: 0 }), NOW)).toBe('refresh');
  });
  it('keeps a token with 86400 s or more left', () => {
    expect(tokenAction(jwt({ exp: NOW + REFRESH_THRESHOLD_S, nbf: 0 }), NOW)).toBe('keep');
  });
  it('says how long until the refresh is due', () => {
    expect(msUntilRefreshDue(jwt({ exp: NOW + REFRESH_THRESHOLD_S + 60, nbf: 0 }), NOW)).toBe(
      60_000,
    );
    expect(msUntilRefreshDue(jwt({ exp: NOW + 10, nbf: 0 }), NOW)).toBe(0);
    expect(msUntilRefreshDue('junk', NOW)).toBeNull();
  });
});

describe('server clock', () => {
  it('takes the server time as the midpoint of the round trip', () => {
    expect(clockOffsetMs(10_500, 1_000, 1_200)).toBe(9_400);
  });
  it('falls back to the local clock until an offset is known', () => {
    let local = 5_000;
    const clock = createServerClock(() => local);
    expect(clock.nowMs()).toBe(5_000);
    expect(clock.synced()).toBe(false);
    clock.setOffset(60_000);
    local = 6_000;
    expect(clock.nowMs()).toBe(66_000);
    expect(clock.nowS()).toBe(66);
    expect(clock.synced()).toBe(true);
  });
});
