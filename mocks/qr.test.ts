import { describe, expect, it } from 'vitest';
import { qrCode, qrSvgDataUrl } from './qr';

/**
 * The encoding itself is `lean-qr`'s (tested upstream against decoders); these checks are
 * decode-free: the code has the size of the version the text needs and the standard's fixed
 * patterns, and the SVG the orders carry draws exactly that module matrix at the asked width.
 */

const LINK = 'https://cashier.inkworld.test/pay?order=ORD20261125ABC&pay_type=2';

/** The 7×7 finder pattern: dark ring, light ring, dark 3×3 centre. */
function isFinder(dark: (x: number, y: number) => boolean, x0: number, y0: number): boolean {
  for (let y = 0; y < 7; y++)
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      if (dark(x0 + x, y0 + y) !== (ring !== 2)) return false;
    }
  return true;
}

/** The SVG of a data URL, and its attributes and path. */
function readSvg(url: string) {
  expect(url.startsWith('data:image/svg+xml,')).toBe(true);
  const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  expect(root.localName).toBe('svg');
  return { root, rect: root.querySelector('rect')!, path: root.querySelector('path')! };
}

/**
 * Whether the point is inside the path's outlines (straight closed subpaths, "M x y L x y … Z"),
 * by the even-odd rule: a module is drawn dark when its centre is.
 */
function insidePath(d: string, px: number, py: number): boolean {
  let inside = false;
  for (const sub of d.split('Z').filter(Boolean)) {
    const pts = sub
      .replace(/^M/, '')
      .split('L')
      .map((p) => p.trim().split(/\s+/).map(Number) as [number, number]);
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i]!;
      const [xj, yj] = pts[j]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

describe('qrCode', () => {
  it.each([
    ['a', 21],
    [LINK, 33],
    ['支付 https://cashier.inkworld.test/pay?token=pp_' + 'x'.repeat(60), 41],
  ])('encodes %s in the smallest version (%i modules)', (text, size) => {
    expect(qrCode(text).size).toBe(size);
  });

  it('has the three finder patterns and the timing patterns', () => {
    const code = qrCode(LINK);
    const dark = (x: number, y: number) => code.get(x, y);
    const n = code.size;
    expect(isFinder(dark, 0, 0)).toBe(true);
    expect(isFinder(dark, n - 7, 0)).toBe(true);
    expect(isFinder(dark, 0, n - 7)).toBe(true);
    // Not in the fourth corner.
    expect(isFinder(dark, n - 7, n - 7)).toBe(false);
    for (let i = 8; i < n - 8; i++) {
      expect(dark(i, 6)).toBe(i % 2 === 0);
      expect(dark(6, i)).toBe(i % 2 === 0);
    }
  });

  it('takes links well beyond the old 134-byte limit', () => {
    const long = `${LINK}&return=${encodeURIComponent('https://inkworld.test/dashboard/vip?'.repeat(20))}`;
    expect(new TextEncoder().encode(long).length).toBeGreaterThan(600);
    const code = qrCode(long);
    expect((code.size - 17) % 4).toBe(0);
    expect(code.size).toBeGreaterThan(41); // past version 6
    expect(isFinder((x, y) => code.get(x, y), code.size - 7, 0)).toBe(true);
  });
});

describe('qrSvgDataUrl', () => {
  it('is an SVG at the asked width with a white 4-module quiet zone', () => {
    const size = qrCode(LINK).size;
    const { root, rect, path } = readSvg(qrSvgDataUrl(LINK, 300));
    expect(root.getAttribute('width')).toBe('300');
    expect(root.getAttribute('height')).toBe('300');
    expect(root.getAttribute('viewBox')).toBe(`-4 -4 ${size + 8} ${size + 8}`);
    expect([rect.getAttribute('x'), rect.getAttribute('y')]).toEqual(['-4', '-4']);
    expect(rect.getAttribute('width')).toBe(String(size + 8));
    expect(rect.getAttribute('fill')).toBe('#fff');
    expect(path.getAttribute('fill')).toBe('#000');
    expect(readSvg(qrSvgDataUrl(LINK)).root.getAttribute('width')).toBe('200');
  });

  it('draws the module matrix of the text, and nothing in the quiet zone', () => {
    const code = qrCode(LINK);
    const d = readSvg(qrSvgDataUrl(LINK, 200)).path.getAttribute('d')!;
    for (let y = -4; y < code.size + 4; y++)
      for (let x = -4; x < code.size + 4; x++)
        expect(insidePath(d, x + 0.5, y + 0.5), `module ${x},${y}`).toBe(code.get(x, y));
  });

  it('is the same for the same link (an order keeps its QR)', () => {
    expect(qrSvgDataUrl(LINK, 200)).toBe(qrSvgDataUrl(LINK, 200));
    expect(qrSvgDataUrl(LINK, 200)).not.toBe(qrSvgDataUrl(`${LINK}x`, 200));
  });
});
