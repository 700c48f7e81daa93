import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OAUTH_PROVIDERS,
  OAUTH_RETURN_PARAMS,
  readOauthReturn,
  withoutOauthParams,
} from './oauth-return';

describe('third-party login return', () => {
  it('is recognised by code, oauth and state', () => {
    expect(readOauthReturn('?code=oc_1&oauth=qq&state=st_1')).toEqual({
      kind: 'complete',
      provider: 'qq',
      code: 'oc_1',
      state: 'st_1',
    });
  });

  it('is not a return without oauth', () => {
    expect(readOauthReturn('')).toBeNull();
    expect(readOauthReturn('?code=1&state=2')).toBeNull();
    expect(readOauthReturn('?to=vip')).toBeNull();
  });

  it('is a refusal when the provider sent no code or state, or an error', () => {
    expect(readOauthReturn('?oauth=wechat&state=st_1')).toEqual({
      kind: 'denied',
      provider: 'wechat',
    });
    expect(readOauthReturn('?oauth=weibo&code=c')).toEqual({ kind: 'denied', provider: 'weibo' });
    expect(readOauthReturn('?oauth=qq&code=c&state=s&error=access_denied')).toEqual({
      kind: 'denied',
      provider: 'qq',
    });
  });

  it('is invalid for an unknown provider', () => {
    expect(readOauthReturn('?oauth=github&code=c&state=s')).toEqual({ kind: 'invalid' });
  });

  it('removes only its own parameters from the address', () => {
    expect(withoutOauthParams('?code=c&oauth=qq&state=s')).toBe('');
    expect(withoutOauthParams('?to=vip&code=c&oauth=qq&state=s&x=1')).toBe('?to=vip&x=1');
  });

  const value = fc.string({ minLength: 1 });
  const otherName = fc
    .string({ minLength: 1, maxLength: 8 })
    .filter((n) => !OAUTH_RETURN_PARAMS.includes(n));

  it('property: code, oauth and state survive the round trip through a URL', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OAUTH_PROVIDERS), value, value, (provider, code, state) => {
        const search = new URLSearchParams({ code, oauth: provider, state }).toString();
        expect(readOauthReturn(`?${search}`)).toEqual({ kind: 'complete', provider, code, state });
      }),
    );
  });

  it('property: stripping keeps every other parameter and leaves no return behind', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(otherName, fc.string())),
        fc.constantFrom(...OAUTH_PROVIDERS),
        value,
        value,
        (others, provider, code, state) => {
          const params = new URLSearchParams(others);
          params.set('code', code);
          params.set('oauth', provider);
          params.set('state', state);
          const rest = withoutOauthParams(`?${params.toString()}`);
          expect(readOauthReturn(rest)).toBeNull();
          expect([...new URLSearchParams(rest)]).toEqual([...new URLSearchParams(others)]);
        },
      ),
    );
  });
});
