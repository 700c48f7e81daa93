// Node's CompressionStream and zlib decode what the encoder writes.
// @vitest-environment node
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePalettePng, quantise } from './palette-png';

function readPng(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const chunks = new Map<string, Uint8Array>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 8;
  while (o < bytes.length) {
    const length = view.getUint32(o);
    const type = String.fromCharCode(...bytes.subarray(o + 4, o + 8));
    const data = bytes.subarray(o + 8, o + 8 + length);
    expect(view.getUint32(o + 8 + length), `${type} crc`).toBe(
      crc32(bytes.subarray(o + 4, o + 8 + length)),
    );
    chunks.set(type, data);
    o += 12 + length;
  }
  const ihdr = new DataView(chunks.get('IHDR')!.buffer, chunks.get('IHDR')!.byteOffset);
  return {
    width: ihdr.getUint32(0),
    height: ihdr.getUint32(4),
    bitDepth: chunks.get('IHDR')![8],
    colourType: chunks.get('IHDR')![9],
    plte: chunks.get('PLTE')!,
    trns: chunks.get('tRNS'),
    raw: new Uint8Array(inflateSync(chunks.get('IDAT')!)),
    types: [...chunks.keys()],
  };
}

/** A gradient with far more than 256 colours. */
function gradient(width: number, height: number) {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      rgba.set(
        [(x * 255) / (width - 1), (y * 255) / (height - 1), ((x + y) * 127) / width, 255],
        o,
      );
    }
  return rgba;
}

describe('quantise', () => {
  it('keeps an image of few colours exactly', () => {
    const rgba = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0]);
    const { palette, indices } = quantise(rgba);
    expect(palette.length / 4).toBe(3);
    for (let p = 0; p < 4; p++) {
      expect([...palette.subarray(indices[p]! * 4, indices[p]! * 4 + 4)]).toEqual([
        ...rgba.subarray(p * 4, p * 4 + 4),
      ]);
    }
  });

  it('reduces a many-colour image to at most 256 colours, close to the original', () => {
    const rgba = gradient(128, 128);
    const { palette, indices } = quantise(rgba);
    expect(palette.length / 4).toBeLessThanOrEqual(256);
    expect(palette.length / 4).toBeGreaterThan(200);
    let worst = 0;
    for (let p = 0; p < indices.length; p++) {
      for (let c = 0; c < 3; c++) {
        worst = Math.max(worst, Math.abs(palette[indices[p]! * 4 + c]! - rgba[p * 4 + c]!));
      }
    }
    expect(worst).toBeLessThan(40);
  });
});

describe('encodePalettePng', () => {
  it('writes an 8-bit indexed PNG whose pixels decode back to the indices', async () => {
    const width = 1080;
    const height = 40;
    const rgba = gradient(width, height);
    const q = quantise(rgba);
    const png = readPng(await encodePalettePng(width, height, q));
    expect(png).toMatchObject({ width, height, bitDepth: 8, colourType: 3 });
    expect(png.types).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect(png.plte.length).toBe((q.palette.length / 4) * 3);
    expect(png.raw.length).toBe(height * (width + 1));
    for (let y = 0; y < height; y++) {
      expect(png.raw[y * (width + 1)]).toBe(0);
      expect(png.raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1))).toEqual(
        q.indices.subarray(y * width, (y + 1) * width),
      );
    }
  });

  it('adds tRNS when a colour is not opaque', async () => {
    const rgba = Uint8Array.from([10, 20, 30, 255, 0, 0, 0, 0]);
    const png = readPng(await encodePalettePng(2, 1, quantise(rgba)));
    expect(png.types).toContain('tRNS');
    expect([...png.trns!]).toEqual([255, 0]);
  });

  it('is smaller than the raw pixels for a 1080x1080 image', async () => {
    const rgba = gradient(1080, 1080);
    const bytes = await encodePalettePng(1080, 1080, quantise(rgba));
    expect(bytes.length).toBeLessThan(1080 * 1080);
  });
});
