import { describe, expect, it } from 'vitest';
import { Cookie, CookieJar, MemoryCookieStore } from './tough-cookie';

describe('tough-cookie stand-in', () => {
  it('stores and returns cookies by host and path', async () => {
    const jar = new CookieJar(new MemoryCookieStore());
    await jar.setCookie('a=1; Path=/api', 'http://localhost:3000/api/x');
    await jar.setCookie('b=2', 'http://localhost:3000/');
    expect(jar.getCookiesSync('http://localhost:3000/api/y').map(String).sort()).toEqual([
      'a=1',
      'b=2',
    ]);
    expect(jar.getCookiesSync('http://localhost:3000/other').map(String)).toEqual(['b=2']);
    expect(jar.getCookiesSync('http://example.test/api')).toEqual([]);
  });

  it('drops expired cookies and deletes on Max-Age=0', async () => {
    const jar = new CookieJar();
    await jar.setCookie('a=1; Max-Age=100', 'http://h.test/');
    expect(jar.getCookiesSync('http://h.test/')).toHaveLength(1);
    await jar.setCookie('a=1; Max-Age=0', 'http://h.test/');
    expect(jar.getCookiesSync('http://h.test/')).toHaveLength(0);
    await jar.setCookie('b=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'http://h.test/');
    expect(jar.getCookiesSync('http://h.test/')).toHaveLength(0);
  });

  it('round-trips through JSON as MSW persists it', () => {
    const c = Cookie.parse('k=v; Domain=.example.test; Path=/p; Max-Age=60')!;
    const back = Cookie.fromJSON(JSON.parse(JSON.stringify(c.toJSON())))!;
    expect(back).toMatchObject({ key: 'k', value: 'v', domain: 'example.test', path: '/p' });
    expect(back.expires?.getTime()).toBe(c.expires?.getTime());
  });
});
