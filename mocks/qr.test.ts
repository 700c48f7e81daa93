import { describe, expect, it } from 'vitest';
import { qrMatrix, qrSvgDataUrl } from './qr';

/**
 * Reads a matrix back as a scanner would (format bits, unmasking, the zigzag, the block
 * interleave, Reed-Solomon syndromes, byte mode), so the encoder is checked against the
 * standard's rules rather than against itself. (It was also checked once with an independent
 * decoder, jsQR, for every mask of versions 1-6.)
 */
const DATA = [0, 19, 34, 55, 80, 108, 136];
const EC = [0, 7, 10, 15, 20, 26, 18];
const BLOCKS = [0, 1, 1, 1, 1, 1, 2];

function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function syndromesZero(block: number[], ec: number): boolean {
  let alpha = 1;
  for (let i = 0; i < ec; i++) {
    let s = 0;
    for (const b of block) s = gfMul(s, alpha) ^ b;
    if (s !== 0) return false;
    alpha = gfMul(alpha, 2);
  }
  return true;
}

function isFunction(x: number, y: number, size: number): boolean {
  if (x === 6 || y === 6) return true;
  if ((x < 9 && y < 9) || (x >= size - 8 && y < 9) || (x < 9 && y >= size - 8)) return true;
  if (size > 21 && Math.abs(x - (size - 7)) <= 2 && Math.abs(y - (size - 7)) <= 2) return true;
  return false;
}

function decode(m: boolean[][]): string {
  const size = m.length;
  const version = (size - 17) / 4;
  // Format bits, first copy, around the top-left finder.
  const bit = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  const positions: Array<[number, number]> = [];
  for (let i = 0; i <= 5; i++) positions.push([8, i]);
  positions.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) positions.push([14 - i, 8]);
  let format = 0;
  positions.forEach(([x, y], i) => (format |= bit(x, y) << i));
  format ^= 0x5412;
  expect(format >>> 13).toBe(0b01); // level L
  const mask = (format >>> 10) & 7;
  const masks = [
    (x: number, y: number) => (x + y) % 2 === 0,
    (_x: number, y: number) => y % 2 === 0,
    (x: number) => x % 3 === 0,
    (x: number, y: number) => (x + y) % 3 === 0,
    (x: number, y: number) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
    (x: number, y: number) => ((x * y) % 2) + ((x * y) % 3) === 0,
    (x: number, y: number) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
    (x: number, y: number) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
  ];
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (isFunction(x, y, size)) continue;
        bits.push(bit(x, y) ^ (masks[mask]!(x, y) ? 1 : 0));
      }
  }
  const total = DATA[version]! + EC[version]! * BLOCKS[version]!;
  const words = Array.from({ length: total }, (_, i) =>
    bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0),
  );
  const blocks = BLOCKS[version]!;
  const per = DATA[version]! / blocks;
  const data: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const block: number[] = [];
    for (let i = 0; i < per; i++) block.push(words[i * blocks + b]!);
    for (let i = 0; i < EC[version]!; i++) block.push(words[DATA[version]! + i * blocks + b]!);
    expect(syndromesZero(block, EC[version]!)).toBe(true);
    data.push(...block.slice(0, per));
  }
  const stream = data.flatMap((w) => Array.from({ length: 8 }, (_, i) => (w >>> (7 - i)) & 1));
  const read = (from: number, n: number) =>
    stream.slice(from, from + n).reduce((a, b) => (a << 1) | b, 0);
  expect(read(0, 4)).toBe(0b0100); // byte mode
  const length = read(4, 8);
  const bytes = Uint8Array.from({ length }, (_, i) => read(12 + i * 8, 8));
  return new TextDecoder().decode(bytes);
}

describe('qrMatrix', () => {
  it.each([
    ['a', 21],
    ['https://cashier.inkworld.test/pay?order=ORD20261125ABC&pay_type=2', 33],
    ['支付 https://cashier.inkworld.test/pay?token=pp_' + 'x'.repeat(60), 41],
    ['y'.repeat(134), 41],
  ])('encodes %s in the smallest version and reads back', (text, size) => {
    const m = qrMatrix(text);
    expect(m).toHaveLength(size);
    expect(decode(m)).toBe(text);
  });

  it('reads back under every mask', () => {
    for (let mask = 0; mask < 8; mask++)
      expect(decode(qrMatrix('https://cashier.inkworld.test/pay?order=X', mask))).toBe(
        'https://cashier.inkworld.test/pay?order=X',
      );
  });

  it('has the three finder patterns', () => {
    const m = qrMatrix('finder');
    const size = m.length;
    for (const [x0, y0] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      const row = m[y0 + 3]!.slice(x0, x0 + 7).map((d) => (d ? 1 : 0));
      expect(row).toEqual([1, 0, 1, 1, 1, 0, 1]);
    }
  });

  it('refuses text over 134 bytes', () => {
    expect(() => qrMatrix('z'.repeat(135))).toThrow(/134/);
  });
});

describe('qrSvgDataUrl', () => {
  it('draws the matrix with a quiet zone at the asked width', () => {
    const svg = decodeURIComponent(qrSvgDataUrl('hello', 300).replace('data:image/svg+xml,', ''));
    expect(svg).toMatch(/^<svg [^>]*width="300" height="300" viewBox="0 0 29 29"/);
    expect(svg).toContain('M4 4h1v1h-1z'); // the top-left finder's corner, inside the quiet zone
  });
});
