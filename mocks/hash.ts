/**
 * Keyed FNV-1a over the secret and the data, twice with different offsets: 64 bits of hex.
 * Signs the mock's tokens and upload policies; not cryptographic, only tamper-evident.
 */
export function keyedHash(secret: string, data: string): string {
  const h = (seed: number) => {
    let x = seed >>> 0;
    const s = secret + data;
    for (let i = 0; i < s.length; i++) {
      x ^= s.charCodeAt(i);
      x = Math.imul(x, 16777619) >>> 0;
    }
    return x.toString(16).padStart(8, '0');
  };
  return h(2166136261) + h(0x9e3779b9);
}
