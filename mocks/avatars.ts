/**
 * Avatars of the seeded users, drawn from their name: a symmetric 5x5 pattern (an identicon) in
 * white on a colour, or the product's mark for the official account; 0.3-0.7 KB of SVG each.
 * The storage host serves them at AVATAR_PATH + name + '.svg' (handlers/upload.ts) with a year
 * of caching: a name always draws the same picture. Relative, like uploaded files: the client's
 * image proxy (spec 1 §3) only rewrites its configured host, so these load from the page's own
 * origin, where the demo's backend answers.
 */
export const AVATAR_PATH = '/mock-oss/avatars/';
/** The name that draws the product's mark (the official account's avatar). */
export const BRAND_AVATAR = 'inkworld';
const NAME = /^[a-z0-9_-]{1,48}$/;

export function seededAvatarUrl(name: string): string {
  return `${AVATAR_PATH}${name}.svg`;
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

const SVG_OPEN = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="64" height="64">`;

/** The header's mark: a white brush stroke on the brand red. */
const BRAND_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="64" height="64">` +
  `<rect width="32" height="32" fill="#b4232a"/>` +
  `<path d="M9 23c4-10 9-14 14-14-3 3-5 8-6 14z" fill="#fff"/></svg>`;

/** The avatar's SVG, or null when the name is not one the host draws. */
export function avatarSvg(name: string): string | null {
  if (!NAME.test(name)) return null;
  if (name === BRAND_AVATAR) return BRAND_SVG;
  const h = hash(name);
  // A second, independent number for the pattern, so the colour and the pattern vary apart.
  let bits = hash(`${name}#`) & 0x7fff;
  // At least four cells of the left half lit, so no avatar is a bare disc.
  if (popCount(bits) < 4) bits |= 0x4a52;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if (!(bits & (1 << (row * 3 + col)))) continue;
      const y = row + 2.5;
      cells.push(`M${col + 2.5} ${y}h1v1h-1z`);
      if (col < 2) cells.push(`M${6.5 - col} ${y}h1v1h-1z`);
    }
  }
  const hue = h % 360;
  const saturation = 45 + ((h >>> 9) % 25);
  const lightness = 42 + ((h >>> 17) % 14);
  return (
    SVG_OPEN +
    `<rect width="10" height="10" fill="hsl(${hue},${saturation}%,${lightness}%)"/>` +
    `<path d="${cells.join('')}" fill="#fff" opacity=".9"/></svg>`
  );
}

function popCount(n: number): number {
  let count = 0;
  for (let x = n; x; x &= x - 1) count++;
  return count;
}
