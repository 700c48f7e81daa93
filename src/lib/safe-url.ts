/**
 * The one check every image address from the server passes before it reaches an `<img src>`
 * (issue 25): a value of any other scheme (`javascript:`, `data:text/html`, `vbscript:`,
 * `file:`) is dropped, and the component shows its fallback instead (the default avatar, the
 * cover's placeholder). The page's CSP would block such a value too; this keeps it out of the
 * DOM.
 *
 * Allowed: `https:`, `http:`, `blob:` (the cropper's own previews) and paths of the page's own
 * origin, and `data:` images of the raster types and SVG (the payment QR is an SVG data
 * address; an image element never runs an SVG's scripts).
 */
const SCHEMES = new Set(['https:', 'http:', 'blob:']);
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i;

/** The address as given (trimmed) when it may be an image's source, else ''. */
export function safeImageSrc(value: string | null | undefined): string {
  const src = (value ?? '').trim();
  if (!src) return '';
  let url: URL;
  try {
    // Parsed as the browser will: relative to the page, tabs and newlines dropped, the
    // scheme lower-cased (`JaVa\tScript:` is `javascript:`).
    url = new URL(src, typeof location === 'undefined' ? 'http://localhost/' : location.href);
  } catch {
    return '';
  }
  if (SCHEMES.has(url.protocol)) return src;
  if (url.protocol === 'data:' && DATA_IMAGE.test(url.href)) return src;
  return '';
}
