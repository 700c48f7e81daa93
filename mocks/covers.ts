/**
 * Covers of the seeded shares, drawn from their name: a two-colour gradient and one of eight
 * motifs, about 0.5-1 KB of SVG each. The storage host serves them at COVER_PATH + name + '.svg'
 * (handlers/upload.ts) with a year of caching: a name always draws the same picture.
 */
export const COVER_PATH = '/mock-oss/covers/';
const NAME = /^[a-z0-9_-]{1,48}$/;

export function coverUrl(name: string): string {
  return `${COVER_PATH}${name}.svg`;
}

/** FNV-1a, 32 bits: a stable number per name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small deterministic sequence from the name's hash (xorshift). */
function numbers(seed: number) {
  let x = seed || 1;
  return (max: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % max;
  };
}

type Next = (max: number) => number;

const MOTIFS: Array<(n: Next) => string> = [
  // sun or moon over hills
  (n) =>
    `<circle cx="${80 + n(140)}" cy="${90 + n(80)}" r="${30 + n(30)}" fill="#fff" opacity=".55"/>` +
    `<path d="M0 ${300 + n(40)}Q${75 + n(50)} ${230 + n(40)} 150 ${290 + n(30)}T300 ${270 + n(40)}V400H0Z" fill="#000" opacity=".25"/>`,
  // mountains
  (n) =>
    `<path d="M0 330L${60 + n(40)} ${180 + n(60)}L${140 + n(30)} 300L${200 + n(40)} ${150 + n(60)}L300 310V400H0Z" fill="#000" opacity=".3"/>` +
    `<path d="M0 360L90 ${280 + n(30)}L180 350L250 ${290 + n(30)}L300 340V400H0Z" fill="#fff" opacity=".2"/>`,
  // waves
  (n) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M0 ${250 + i * 45}Q75 ${225 + i * 45 - n(20)} 150 ${250 + i * 45}T300 ${250 + i * 45}V400H0Z" fill="#fff" opacity="${0.15 + i * 0.1}"/>`,
      )
      .join(''),
  // stars
  (n) =>
    Array.from(
      { length: 14 },
      () => `<circle cx="${n(300)}" cy="${n(260)}" r="${1 + n(3)}" fill="#fff" opacity=".8"/>`,
    ).join('') + `<circle cx="${200 + n(60)}" cy="${70 + n(40)}" r="26" fill="#fff" opacity=".6"/>`,
  // rings
  (n) => {
    const cx = 100 + n(100);
    const cy = 150 + n(100);
    return [40, 75, 110, 145]
      .map(
        (r) =>
          `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-width="${2 + n(6)}" opacity=".3"/>`,
      )
      .join('');
  },
  // diagonal bands
  (n) =>
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M${-100 + i * 110 + n(30)} 400L${60 + i * 110} 0H${100 + i * 110}L${-60 + i * 110 + n(30)} 400Z" fill="#fff" opacity=".12"/>`,
      )
      .join(''),
  // a pavilion roof
  (n) =>
    `<path d="M60 ${220 + n(30)}Q150 ${150 + n(30)} 240 ${220 + n(30)}L210 230H90Z" fill="#000" opacity=".35"/>` +
    `<rect x="100" y="230" width="100" height="90" fill="#000" opacity=".25"/>` +
    `<circle cx="${60 + n(180)}" cy="80" r="22" fill="#fff" opacity=".5"/>`,
  // scattered petals
  (n) =>
    Array.from(
      { length: 9 },
      () =>
        `<ellipse cx="${n(300)}" cy="${n(400)}" rx="${8 + n(10)}" ry="${4 + n(5)}" transform="rotate(${n(180)} 150 200)" fill="#fff" opacity=".35"/>`,
    ).join(''),
];

/** The cover's SVG, or null when the name is not one the host draws. */
export function coverSvg(name: string): string | null {
  if (!NAME.test(name)) return null;
  const h = hash(name);
  const n = numbers(h);
  const hue = h % 360;
  const hue2 = (hue + 30 + n(90)) % 360;
  const motif = MOTIFS[n(MOTIFS.length)]!(n);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${n(2)}" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},${45 + n(30)}%,${55 + n(15)}%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},${40 + n(30)}%,${22 + n(15)}%)"/>` +
    `</linearGradient></defs><rect width="300" height="400" fill="url(#g)"/>${motif}</svg>`
  );
}
