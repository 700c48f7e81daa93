import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { avatarUrl, imageUrl } from './image-url';
import { safeImageSrc } from './safe-url';

describe('safeImageSrc: what may be an image source', () => {
  it('keeps http(s), blob, paths of the page and data images', () => {
    for (const src of [
      'https://img.example.cn/a.jpg',
      'http://127.0.0.1:8787/mock-oss/files/f1',
      'blob:http://localhost:3000/7c3e1d2a-0000-4000-8000-000000000000',
      '/mock-oss/avatars/u_a1.svg',
      'default-avatar.svg',
      '//cdn.example.com/a.png',
      'data:image/png;base64,AAAA',
      'data:image/jpeg;base64,AAAA',
      'data:image/webp;base64,AAAA',
      'data:image/gif;base64,AAAA',
      'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
    ])
      expect(safeImageSrc(src), src).toBe(src);
    expect(safeImageSrc('  https://a.test/x.png \n')).toBe('https://a.test/x.png');
  });

  it('drops scripts, documents and other schemes, however they are spelled', () => {
    for (const src of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png-but-not;base64,AAAA',
      'DATA:TEXT/HTML,x',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'http://[oops',
    ])
      expect(safeImageSrc(src), src).toBe('');
    expect(safeImageSrc(null)).toBe('');
    expect(safeImageSrc(undefined)).toBe('');
  });

  it('is what imageUrl and avatarUrl check first: the placeholder instead', () => {
    expect(imageUrl('javascript:alert(1)')).toBe('');
    expect(avatarUrl('javascript:alert(1)', { basePath: '/demo/' })).toBe(
      '/demo/default-avatar.svg',
    );
    expect(avatarUrl('data:text/html,x', { basePath: '/' })).toBe('/default-avatar.svg');
  });
});

/**
 * Every `<img src>` of the app goes through the guard: a call of imageUrl, avatarUrl or
 * safeImageSrc, or a name the same file sets from one. A new image of a server value that
 * bypasses it fails here.
 */
describe('every <img src> of the app', () => {
  const root = join(__dirname, '..');
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.tsx') && !/\.(test|stories)\.tsx$/.test(f))
    .map((f) => join(root, f));
  const GUARDS = '(?:imageUrl|avatarUrl|safeImageSrc)\\(';

  /** The text of `{…}` starting at `open`, braces balanced. */
  function braced(text: string, open: number): string {
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
    }
    return text.slice(open + 1);
  }

  it('is guarded', () => {
    const bypasses: string[] = [];
    let images = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/<img\s/g)) {
        const element = text.slice(match.index, text.indexOf('/>', match.index));
        const at = element.search(/\bsrc=\{/);
        if (at < 0) continue;
        images++;
        const value = braced(element, element.indexOf('{', at)).trim();
        const guarded =
          new RegExp(`^(?:attemptSrc\\()?${GUARDS}`).test(value) ||
          (/^\w+$/.test(value) && new RegExp(`\\bconst ${value} = ${GUARDS}`).test(text));
        if (!guarded) bypasses.push(`${relative(root, file)}: src={${value}}`);
      }
    }
    expect(images).toBeGreaterThan(10);
    expect(bypasses).toEqual([]);
  });
});
