import { describe, expect, it } from 'vitest';
import { OAUTH_PROVIDER_HOSTS } from '@/config/oauth';
import { safeOauthRedirect } from './oauth-redirect';

const app = { origin: 'https://inkworld.example', basePath: '/' };
const ok = (raw: string, provider: 'wechat' | 'qq' | 'weibo' = 'wechat', at = app) =>
  safeOauthRedirect(raw, provider, at)?.href ?? null;

describe('safeOauthRedirect', () => {
  it('follows https on each provider’s own host', () => {
    expect(ok('https://open.weixin.qq.com/connect/qrconnect?appid=a&state=s', 'wechat')).toBe(
      'https://open.weixin.qq.com/connect/qrconnect?appid=a&state=s',
    );
    expect(ok('https://graph.qq.com/oauth2.0/authorize?state=s', 'qq')).not.toBeNull();
    expect(ok('https://api.weibo.com/oauth2/authorize?state=s', 'weibo')).not.toBeNull();
  });

  it('refuses javascript: and data: answers', () => {
    expect(ok('javascript:alert(document.cookie)')).toBeNull();
    expect(ok('JavaScript:alert(1)//https://open.weixin.qq.com/')).toBeNull();
    expect(ok('  javascript:alert(1)')).toBeNull();
    expect(ok('data:text/html,<script>alert(1)</script>')).toBeNull();
  });

  it('refuses plain http, even on a provider host', () => {
    expect(ok('http://open.weixin.qq.com/connect/qrconnect')).toBeNull();
    expect(ok('http://evil.example/')).toBeNull();
  });

  it('refuses unknown https hosts and look-alikes', () => {
    expect(ok('https://evil.example/connect')).toBeNull();
    expect(ok('https://open.weixin.qq.com.evil.example/')).toBeNull();
    expect(ok('https://evil.open.weixin.qq.com/')).toBeNull();
    expect(ok('https://open.weixin.qq.com@evil.example/')).toBeNull();
    expect(ok('https://user:pw@open.weixin.qq.com/')).toBeNull();
    expect(ok('https://open.weixin.qq.com:8443/')).toBeNull();
  });

  it('keeps each provider to its own hosts', () => {
    expect(ok('https://graph.qq.com/oauth2.0/authorize', 'wechat')).toBeNull();
    expect(ok('https://api.weibo.com/oauth2/authorize', 'qq')).toBeNull();
  });

  it('refuses relative and unparsable answers', () => {
    expect(ok('/v2/oauth/wechat')).toBeNull();
    expect(ok('//evil.example/')).toBeNull();
    expect(ok('')).toBeNull();
  });

  it("allows the app's own pages (the mock's stand-in provider) under the base path", () => {
    const local = { origin: 'http://localhost:5173', basePath: '/demo/' };
    expect(ok('http://localhost:5173/demo/?code=c&oauth=qq&state=s', 'qq', local)).not.toBeNull();
    expect(ok('http://localhost:5173/demo?code=c', 'qq', local)).not.toBeNull();
    expect(ok('http://localhost:5173/other/', 'qq', local)).toBeNull();
    expect(ok('http://localhost:5173/demox/', 'qq', local)).toBeNull();
    expect(ok('http://localhost:5174/demo/', 'qq', local)).toBeNull();
    expect(ok('https://inkworld.example/?code=c&oauth=wechat&state=s')).not.toBeNull();
  });

  it('lists every provider in the one config place', () => {
    expect(Object.keys(OAUTH_PROVIDER_HOSTS).sort()).toEqual(['qq', 'wechat', 'weibo']);
  });
});
