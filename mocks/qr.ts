/**
 * A minimal QR code encoder (ISO/IEC 18004): byte mode, error correction level L, versions 1-6
 * (up to 134 bytes), the mask chosen by the standard's penalty rules. Enough for the payment
 * links of the mock's orders, drawn as an SVG a phone can scan. Adapted from the structure of
 * Project Nayuki's reference implementation (MIT).
 */

/** Per version 1-6 at level L: data codewords in all, error-correction codewords per block, blocks. */
const DATA_CODEWORDS = [0, 19, 34, 55, 80, 108, 136];
const EC_PER_BLOCK = [0, 7, 10, 15, 20, 26, 18];
const BLOCKS = [0, 1, 1, 1, 1, 1, 2];
export const QR_MAX_BYTES = 134;

function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMul(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = gfMul(root, 0x02);
  }
  return result;
}

function rsRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = divisor.map(() => 0);
  for (const b of data) {
    const factor = b ^ result.shift()!;
    result.push(0);
    divisor.forEach((coef, i) => (result[i]! ^= gfMul(coef, factor)));
  }
  return result;
}

/** The codewords of `bytes` in byte mode at level L for `version`, blocks interleaved. */
function codewords(bytes: Uint8Array, version: number): number[] {
  const capacityBits = DATA_CODEWORDS[version]! * 8;
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacityBits - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    data.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));

  const blocks = BLOCKS[version]!;
  const per = data.length / blocks;
  const divisor = rsDivisor(EC_PER_BLOCK[version]!);
  const dataBlocks: number[][] = [];
  const ecBlocks: number[][] = [];
  for (let b = 0; b < blocks; b++) {
    const block = data.slice(b * per, (b + 1) * per);
    dataBlocks.push(block);
    ecBlocks.push(rsRemainder(block, divisor));
  }
  const out: number[] = [];
  for (let i = 0; i < per; i++) for (const block of dataBlocks) out.push(block[i]!);
  for (let i = 0; i < EC_PER_BLOCK[version]!; i++)
    for (const block of ecBlocks) out.push(block[i]!);
  return out;
}

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  readonly size: number;
  readonly dark: boolean[][];
  readonly fixed: boolean[][];
  constructor(readonly version: number) {
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
  }

  setFixed(x: number, y: number, dark: boolean) {
    this.dark[y]![x] = dark;
    this.fixed[y]![x] = true;
  }

  drawFunctionPatterns() {
    const { size } = this;
    for (let i = 0; i < size; i++) {
      this.setFixed(6, i, i % 2 === 0);
      this.setFixed(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [
      [3, 3],
      [size - 4, 3],
      [3, size - 4],
    ] as const)
      for (let dy = -4; dy <= 4; dy++)
        for (let dx = -4; dx <= 4; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          if (x < 0 || y < 0 || x >= size || y >= size) continue;
          const dist = Math.max(Math.abs(dx), Math.abs(dy));
          this.setFixed(x, y, dist !== 2 && dist !== 4);
        }
    if (this.version >= 2) {
      // Versions 2-6 have one alignment pattern, at (size - 7, size - 7).
      const c = size - 7;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          this.setFixed(c + dx, c + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
    this.drawFormat(0);
  }

  /** The 15 format bits (level L = 01, the mask) in both copies, and the dark module. */
  drawFormat(mask: number) {
    const data = (0b01 << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) !== 0;
    const { size } = this;
    for (let i = 0; i <= 5; i++) this.setFixed(8, i, bit(i));
    this.setFixed(8, 7, bit(6));
    this.setFixed(8, 8, bit(7));
    this.setFixed(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.setFixed(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.setFixed(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.setFixed(8, size - 15 + i, bit(i));
    this.setFixed(8, size - 8, true);
  }

  drawCodewords(data: readonly number[]) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert++)
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? size - 1 - vert : vert;
          if (!this.fixed[y]![x] && i < data.length * 8) {
            this.dark[y]![x] = ((data[i >>> 3]! >>> (7 - (i & 7))) & 1) !== 0;
            i++;
          }
        }
    }
  }

  applyMask(mask: number) {
    const test = MASKS[mask]!;
    for (let y = 0; y < this.size; y++)
      for (let x = 0; x < this.size; x++)
        if (!this.fixed[y]![x] && test(x, y)) this.dark[y]![x] = !this.dark[y]![x];
  }

  /** The standard's penalty (rules N1-N4); the mask with the lowest is used. */
  penalty(): number {
    const { size, dark } = this;
    let score = 0;
    const lines: boolean[][] = [];
    for (let y = 0; y < size; y++) lines.push(dark[y]!);
    for (let x = 0; x < size; x++) lines.push(dark.map((row) => row[x]!));
    const finderLike = [true, false, true, true, true, false, true];
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= size; i++) {
        if (i < size && line[i] === line[i - 1]) run++;
        else {
          if (run >= 5) score += 3 + (run - 5);
          run = 1;
        }
      }
      for (let i = 0; i + 7 <= size; i++) {
        if (!finderLike.every((v, k) => line[i + k] === v)) continue;
        const lightBefore = [1, 2, 3, 4].every((k) => i - k < 0 || !line[i - k]);
        const lightAfter = [0, 1, 2, 3].every((k) => i + 7 + k >= size || !line[i + 7 + k]);
        if (lightBefore || lightAfter) score += 40;
      }
    }
    let darkCount = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        if (dark[y]![x]) darkCount++;
        if (
          x < size - 1 &&
          y < size - 1 &&
          dark[y]![x] === dark[y]![x + 1] &&
          dark[y]![x] === dark[y + 1]![x] &&
          dark[y]![x] === dark[y + 1]![x + 1]
        )
          score += 3;
      }
    const total = size * size;
    const k = Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1;
    return score + Math.max(0, k) * 10;
  }
}

/** The module matrix (rows of dark flags) of `text` (UTF-8), smallest version that fits. */
export function qrMatrix(text: string, forceMask?: number): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  // Byte-mode capacity: data codewords minus the mode and count header (2 bytes).
  const version = [1, 2, 3, 4, 5, 6].find((v) => bytes.length <= DATA_CODEWORDS[v]! - 2);
  if (!version) throw new Error(`QR: ${bytes.length} bytes is over ${QR_MAX_BYTES}`);
  const data = codewords(bytes, version);
  let best: Grid | null = null;
  let bestScore = Infinity;
  for (const mask of forceMask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [forceMask]) {
    const grid = new Grid(version);
    grid.drawFunctionPatterns();
    grid.drawCodewords(data);
    grid.applyMask(mask);
    grid.drawFormat(mask);
    const score = grid.penalty();
    if (score < bestScore) {
      best = grid;
      bestScore = score;
    }
  }
  return best!.dark;
}

/** An SVG data URL of the QR code of `text`, `width` px square, with the 4-module quiet zone. */
export function qrSvgDataUrl(text: string, width = 200): string {
  const matrix = qrMatrix(text);
  const n = matrix.length + 8;
  let path = '';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    }),
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" ` +
    `viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
