import { describe, expect, it } from 'vitest';
import { avatarUrl, imageUrl, placeholderAvatarUrl } from './image-url';

const proxied = {
  proxyHost: 'img.example.cn',
  proxyBase: 'https://api.example.com',
  basePath: '/',
};

describe('image addresses (spec 1 §3)', () => {
  it('routes images of the proxied host through the proxy path, keeping path and query', () => {
    expect(imageUrl('https://img.example.cn/a/b.jpg?x=1', proxied)).toBe(
      'https://api.example.com/img-proxy/img.example.cn/a/b.jpg?x=1',
    );
  });

  it('leaves other hosts, relative and data addresses alone', () => {
    expect(imageUrl('https://cdn.other.com/a.jpg', proxied)).toBe('https://cdn.other.com/a.jpg');
    expect(imageUrl('/mock-oss/files/f1', proxied)).toBe('/mock-oss/files/f1');
    expect(imageUrl('data:image/png;base64,AAAA', proxied)).toBe('data:image/png;base64,AAAA');
  });

  it('proxies nothing when no host is configured', () => {
    expect(imageUrl('https://img.example.cn/a.jpg', { proxyHost: '' })).toBe(
      'https://img.example.cn/a.jpg',
    );
  });

  it('shows the shared placeholder for an empty avatar, under the app base path', () => {
    expect(avatarUrl('', { basePath: '/demo/' })).toBe('/demo/default-avatar.svg');
    expect(avatarUrl('   ', { basePath: '/' })).toBe(placeholderAvatarUrl('/'));
    expect(avatarUrl(null, { basePath: '/' })).toBe('/default-avatar.svg');
    // The demo's seeded avatars come from its own origin (the mock storage host): not proxied.
    expect(avatarUrl('/mock-oss/avatars/u_a1.svg', proxied)).toBe('/mock-oss/avatars/u_a1.svg');
    expect(avatarUrl('https://img.example.cn/u.png', proxied)).toBe(
      'https://api.example.com/img-proxy/img.example.cn/u.png',
    );
  });
});
