// @vitest-environment jsdom
import { describe, it, expect, vi, afterEach } from 'vitest';
import { deleteCookie, getCookie, setCookie } from './cookie';

function clearAllCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearAllCookies();
});

describe('cookie helpers', () => {
  it('sets and reads a cookie', () => {
    setCookie('chat_path', '/yjin/chat', 300);
    expect(getCookie('chat_path')).toBe('/yjin/chat');
  });

  it('writes Max-Age, Path=/ and SameSite=Lax, URI-encoding the value', () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
    });
    setCookie('redirect', '/yjin/chat?id=1&x=a b;c', 300);
    expect(writes).toEqual([
      'redirect=%2Fyjin%2Fchat%3Fid%3D1%26x%3Da%20b%3Bc; Max-Age=300; Path=/; SameSite=Lax',
    ]);
  });

  it('round-trips values with separators and non-ASCII text', () => {
    const value = '/yjin/chat?q=你好; a=b, c';
    setCookie('v', value, 60);
    expect(getCookie('v')).toBe(value);
  });

  it('encodes names too', () => {
    setCookie('a b', '1', 60);
    expect(document.cookie).toContain('a%20b=1');
    expect(getCookie('a b')).toBe('1');
  });

  it('returns null for a missing cookie and does not match name prefixes', () => {
    setCookie('chat_path_old', 'x', 60);
    expect(getCookie('chat_path')).toBeNull();
    expect(getCookie('chat')).toBeNull();
  });

  it('finds a cookie among several', () => {
    setCookie('a', '1', 60);
    setCookie('b', '2', 60);
    setCookie('c', '3', 60);
    expect(getCookie('b')).toBe('2');
    expect(getCookie('c')).toBe('3');
  });

  it('returns an empty string for an empty value', () => {
    setCookie('empty', '', 60);
    expect(getCookie('empty')).toBe('');
  });

  it('returns a raw value that is not valid URI encoding', () => {
    document.cookie = 'raw=%E4%ZZ; Path=/';
    expect(getCookie('raw')).toBe('%E4%ZZ');
  });

  it('deletes a cookie', () => {
    setCookie('chat_path', '/yjin/chat', 300);
    deleteCookie('chat_path');
    expect(getCookie('chat_path')).toBeNull();
  });

  it('deletes when max-age is zero or negative', () => {
    setCookie('a', '1', 60);
    setCookie('a', '1', 0);
    expect(getCookie('a')).toBeNull();
    setCookie('b', '1', 60);
    setCookie('b', '1', -5);
    expect(getCookie('b')).toBeNull();
  });

  it('floors fractional ages and treats non-finite ones as zero', () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
    });
    setCookie('a', '1', 299.9);
    setCookie('b', '1', Number.NaN);
    expect(writes[0]).toContain('Max-Age=299;');
    expect(writes[1]).toContain('Max-Age=0;');
  });

  // (jsdom's cookie jar measures Max-Age from the last read, so each case reads only once)
  it('is still there just before max-age seconds', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    setCookie('chat_path', '/yjin/chat', 300);
    vi.setSystemTime(new Date('2024-01-01T00:04:59Z'));
    expect(getCookie('chat_path')).toBe('/yjin/chat');
  });

  it('expires after max-age seconds', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    setCookie('chat_path', '/yjin/chat', 300);
    vi.setSystemTime(new Date('2024-01-01T00:05:01Z'));
    expect(getCookie('chat_path')).toBeNull();
  });
});
