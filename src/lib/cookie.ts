/**
 * Minimal cookie helpers (used to keep the chat path for 5 minutes while a logged-out user logs
 * in, spec 1 §2). Cookies are site-wide (`Path=/`), `SameSite=Lax`, and `Secure` on https.
 * Names and values are URI-encoded. All functions are no-ops / null without a `document`.
 */

function attributes(maxAgeSeconds: number): string {
  const secure =
    typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Sets `name=value` for `maxAgeSeconds` (floored; zero or negative deletes the cookie, a
 * non-finite age is treated as zero).
 */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  const age = Number.isFinite(maxAgeSeconds) ? Math.max(0, Math.floor(maxAgeSeconds)) : 0;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${attributes(age)}`;
}

/** The decoded value of cookie `name`, or null when absent. */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const wanted = encodeURIComponent(name);
  const cookies = document.cookie ? document.cookie.split(';') : [];
  for (const part of cookies) {
    const eq = part.indexOf('=');
    const rawName = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (rawName !== wanted) continue;
    const rawValue = eq === -1 ? '' : part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(rawValue);
    } catch {
      return rawValue; // not encoded by us (malformed % sequence): return as stored
    }
  }
  return null;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=${attributes(0)}`;
}
