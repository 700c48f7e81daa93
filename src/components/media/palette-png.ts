/**
 * PNG output of the cropper (spec 1 §9: "PNG lossless, recompressed to a 256-colour palette").
 * A canvas can only write 32-bit PNGs, so this quantises to at most 256 colours (median cut)
 * and writes an indexed PNG itself; deflate comes from the platform's CompressionStream, so no
 * library is shipped for it.
 */

export interface Quantised {
  /** RGBA of each palette entry, 4 bytes per entry. */
  palette: Uint8Array;
  /** One palette index per pixel. */
  indices: Uint8Array;
}

const MAX_COLOURS = 256;

/**
 * A bin per colour at 5 bits per RGB channel and 2 bits of alpha; every fully transparent
 * pixel shares one bin (its colour is never seen).
 */
function binOf(r: number, g: number, b: number, a: number): number {
  const a2 = a >> 6;
  if (a2 === 0) return 0;
  return (a2 << 15) | ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
}

interface Bin {
  key: number;
  count: number;
  sum: [number, number, number, number];
}

type Box = Bin[];

function channelOf(bin: Bin, c: number) {
  return bin.sum[c]! / bin.count;
}

function widestChannel(box: Box): { channel: number; range: number } {
  let best = { channel: 0, range: -1 };
  for (let c = 0; c < 4; c++) {
    let min = Infinity;
    let max = -Infinity;
    for (const bin of box) {
      const v = channelOf(bin, c);
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (max - min > best.range) best = { channel: c, range: max - min };
  }
  return best;
}

function splitAtMedian(box: Box, channel: number): [Box, Box] {
  const sorted = [...box].sort((x, y) => channelOf(x, channel) - channelOf(y, channel));
  const total = sorted.reduce((n, bin) => n + bin.count, 0);
  let seen = 0;
  let cut = 1;
  for (let i = 0; i < sorted.length - 1; i++) {
    seen += sorted[i]!.count;
    cut = i + 1;
    if (seen >= total / 2) break;
  }
  return [sorted.slice(0, cut), sorted.slice(cut)];
}

/** Median-cut quantisation of RGBA pixels to at most 256 colours; exact when there are fewer. */
export function quantise(rgba: Uint8Array | Uint8ClampedArray): Quantised {
  const pixels = rgba.length >> 2;
  const bins = new Map<number, Bin>();
  const exact = new Map<number, number>();
  const pixelBins = new Uint32Array(pixels);
  for (let p = 0; p < pixels; p++) {
    const o = p << 2;
    const r = rgba[o]!;
    const g = rgba[o + 1]!;
    const b = rgba[o + 2]!;
    const a = rgba[o + 3]!;
    if (exact.size <= MAX_COLOURS) {
      const colour = a === 0 ? 0 : ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
      if (!exact.has(colour)) exact.set(colour, exact.size);
    }
    const key = binOf(r, g, b, a);
    pixelBins[p] = key;
    let bin = bins.get(key);
    if (!bin) {
      bin = { key, count: 0, sum: [0, 0, 0, 0] };
      bins.set(key, bin);
    }
    bin.count += 1;
    if (key !== 0) {
      bin.sum[0] += r;
      bin.sum[1] += g;
      bin.sum[2] += b;
      bin.sum[3] += a;
    }
  }
  if (exact.size <= MAX_COLOURS) return exactPalette(rgba, exact);

  // Each box's split score is computed once, when the box is made.
  const scored = (box: Box) => {
    if (box.length < 2) return { box, score: 0, channel: 0 };
    const widest = widestChannel(box);
    const count = box.reduce((n, bin) => n + bin.count, 0);
    return { box, score: widest.range * count, channel: widest.channel };
  };
  let queue = [scored([...bins.values()])];
  while (queue.length < MAX_COLOURS) {
    let pick = -1;
    queue.forEach((entry, i) => {
      if (entry.score > 0 && (pick < 0 || entry.score > queue[pick]!.score)) pick = i;
    });
    if (pick < 0) break;
    const [a, b] = splitAtMedian(queue[pick]!.box, queue[pick]!.channel);
    queue = [...queue.slice(0, pick), scored(a), scored(b), ...queue.slice(pick + 1)];
  }
  const boxes = queue.map((entry) => entry.box);

  const palette = new Uint8Array(boxes.length * 4);
  const indexOfBin = new Map<number, number>();
  boxes.forEach((box, i) => {
    let count = 0;
    const sum = [0, 0, 0, 0];
    for (const bin of box) {
      indexOfBin.set(bin.key, i);
      if (bin.key === 0) continue;
      count += bin.count;
      for (let c = 0; c < 4; c++) sum[c]! += bin.sum[c]!;
    }
    // A box of transparent pixels only stays transparent black.
    for (let c = 0; c < 4; c++) palette[i * 4 + c] = count ? Math.round(sum[c]! / count) : 0;
  });
  const indices = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) indices[p] = indexOfBin.get(pixelBins[p]!)!;
  return { palette, indices };
}

function exactPalette(rgba: Uint8Array | Uint8ClampedArray, colours: Map<number, number>) {
  const palette = new Uint8Array(colours.size * 4);
  for (const [colour, i] of colours) {
    palette[i * 4] = colour >>> 24;
    palette[i * 4 + 1] = (colour >>> 16) & 255;
    palette[i * 4 + 2] = (colour >>> 8) & 255;
    palette[i * 4 + 3] = colour & 255;
  }
  const pixels = rgba.length >> 2;
  const indices = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) {
    const o = p << 2;
    const a = rgba[o + 3]!;
    const colour =
      a === 0 ? 0 : ((rgba[o]! << 24) | (rgba[o + 1]! << 16) | (rgba[o + 2]! << 8) | a) >>> 0;
    indices[p] = colours.get(colour)!;
  }
  return { palette, indices };
}

// ------------------------------------------------------------------ PNG writer

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib-wrapped deflate (what IDAT holds), by the platform. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const SIGNATURE = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);

/** An 8-bit indexed PNG (colour type 3) with a tRNS chunk when any entry is not opaque. */
export async function encodePalettePng(
  width: number,
  height: number,
  { palette, indices }: Quantised,
): Promise<Uint8Array> {
  const entries = palette.length / 4;
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const plte = new Uint8Array(entries * 3);
  const trns = new Uint8Array(entries);
  let translucent = false;
  for (let i = 0; i < entries; i++) {
    plte.set(palette.subarray(i * 4, i * 4 + 3), i * 3);
    trns[i] = palette[i * 4 + 3]!;
    if (trns[i] !== 255) translucent = true;
  }
  // Each scanline: filter type 0 (none), then its indices.
  const raw = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) {
    raw.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const parts = [
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    ...(translucent ? [chunk('tRNS', trns)] : []),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
