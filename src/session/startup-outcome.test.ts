import { describe, expect, it } from 'vitest';
import {
  isBanActive,
  isNewUser,
  startupOutcome,
  type StartupError,
  type StartupInput,
  type StartupUser,
} from './startup-outcome';

const NOW = 1_800_000_000;
const user = (over: Partial<StartupUser> = {}): StartupUser => ({
  isLogin: true,
  phone: '13800000000',
  shut: false,
  shut_end_time: null,
  ...over,
});
const failed = (error: Partial<StartupError>): StartupInput['userInfo'] => ({
  ok: false,
  error: { kind: 'http', status: 400, code: null, ...error },
});
const run = (over: Partial<StartupInput>) =>
  startupOutcome({ hasStoredSession: true, token: 'valid', nowS: NOW, ...over });

describe('startupOutcome', () => {
  it('success: a valid session of an unbanned user with a phone', () => {
    expect(run({ userInfo: { ok: true, user: user() } })).toBe('success');
  });

  it('login: no stored session, an invalid token, or the lookup refused the token', () => {
    expect(run({ hasStoredSession: false })).toBe('login');
    expect(run({ token: 'invalid', userInfo: { ok: true, user: user() } })).toBe('login');
    expect(run({ userInfo: failed({ status: 401, code: 40103 }) })).toBe('login');
  });

  it('bindphone: no phone bound (null or empty)', () => {
    expect(run({ userInfo: { ok: true, user: user({ phone: null }) } })).toBe('bindphone');
    expect(run({ userInfo: { ok: true, user: user({ phone: '' }) } })).toBe('bindphone');
  });

  it('shut: banned until a future time, or without an end; wins over bindphone', () => {
    expect(
      run({ userInfo: { ok: true, user: user({ shut: true, shut_end_time: NOW + 60 }) } }),
    ).toBe('shut');
    expect(run({ userInfo: { ok: true, user: user({ shut: true, shut_end_time: null }) } })).toBe(
      'shut',
    );
    expect(
      run({
        userInfo: { ok: true, user: user({ shut: true, shut_end_time: NOW + 1, phone: null }) },
      }),
    ).toBe('shut');
  });

  it('a ban whose end time has passed no longer blocks', () => {
    expect(run({ userInfo: { ok: true, user: user({ shut: true, shut_end_time: NOW }) } })).toBe(
      'success',
    );
  });

  it('error: the lookup failed for connectivity (network, timeout, 5xx) or was not made', () => {
    expect(run({ userInfo: failed({ kind: 'network', status: 0 }) })).toBe('error');
    expect(run({ userInfo: failed({ kind: 'timeout', status: 0 }) })).toBe('error');
    expect(run({ userInfo: failed({ status: 500, code: 50000 }) })).toBe('error');
    expect(run({})).toBe('error');
  });

  it('error-1: the server refuses the login state otherwise, or says not logged in', () => {
    expect(run({ userInfo: failed({ status: 422, code: 42200 }) })).toBe('error-1');
    expect(run({ userInfo: { ok: true, user: user({ isLogin: false }) } })).toBe('error-1');
  });

  it('login_reset: the account of the token no longer exists', () => {
    expect(run({ userInfo: failed({ status: 404, code: 40407 }) })).toBe('login_reset');
  });
});

describe('helpers', () => {
  it('isBanActive', () => {
    expect(isBanActive({ shut: false, shut_end_time: NOW + 10 }, NOW)).toBe(false);
    expect(isBanActive({ shut: true, shut_end_time: NOW + 10 }, NOW)).toBe(true);
    expect(isBanActive({ shut: true, shut_end_time: NOW - 10 }, NOW)).toBe(false);
  });
  it('isNewUser: created less than 20 s ago', () => {
    expect(isNewUser(NOW - 19, NOW)).toBe(true);
    expect(isNewUser(NOW - 20, NOW)).toBe(false);
  });
});
