import { describe, expect, it } from 'vitest';
import { AVATAR_PATH, BRAND_AVATAR, avatarSvg } from '../avatars';
import { db } from '../db';
import { AUTHOR_UID } from '../seed-ids';
import { ORIGIN, get } from './test-client';

describe('seeded avatars', () => {
  it('gives nine in ten seeded users their own avatar; the author and a few keep the default', () => {
    const users = db.users.all();
    const plain = users.filter((u) => u.headimgurl === '');
    expect(plain.map((u) => u.uid)).toContain(AUTHOR_UID);
    expect(plain.length).toBeGreaterThanOrEqual(3);
    expect(plain.length / users.length).toBeLessThanOrEqual(0.15);
    const drawn = users.filter((u) => u.headimgurl.startsWith(AVATAR_PATH));
    expect(drawn.length).toBe(users.length - plain.length);
    expect(new Set(drawn.map((u) => u.headimgurl)).size).toBe(drawn.length);
    const official = users.find((u) => u.is_official)!;
    expect(official.headimgurl).toBe(`${AVATAR_PATH}${BRAND_AVATAR}.svg`);
  });

  it('serves each as a distinct SVG under 1 KB, cached for a year; the official one is the mark', async () => {
    const urls = db.users
      .all()
      .map((u) => u.headimgurl)
      .filter((url) => url.startsWith(AVATAR_PATH));
    const pictures = new Set<string>();
    for (const url of urls) {
      const res = await fetch(ORIGIN + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/svg+xml');
      expect(res.headers.get('Cache-Control')).toContain('max-age=31536000');
      const svg = await res.text();
      expect(new TextEncoder().encode(svg).length).toBeLessThan(1024);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      pictures.add(svg);
    }
    expect(pictures.size).toBe(urls.length);
    expect(avatarSvg(BRAND_AVATAR)).toContain('#b4232a');
    expect(avatarSvg('u_same')).toBe(avatarSvg('u_same'));
    expect((await fetch(`${ORIGIN}${AVATAR_PATH}NOT_AN_AVATAR.svg`)).status).toBe(404);
  });

  it('shows them on share cards, user rows and the public pages', async () => {
    const square = await get('/api/v1/square/shares?tab=latest&limit=50');
    const avatars = square.body.data.map((s: { author: { avatar: string } }) => s.author.avatar);
    expect(avatars.filter((a: string) => a.startsWith(AVATAR_PATH)).length).toBeGreaterThan(30);
    const official = db.users.all().find((u) => u.is_official)!;
    const profile = await get(`/api/v2/users/${official.uid}/profile`);
    expect(profile.body.user.avatar).toBe(official.headimgurl);
  });
});
