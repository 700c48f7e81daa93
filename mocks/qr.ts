import { generate, type Bitmap2D } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';

/**
 * The payment QR of the mock's orders, drawn with `lean-qr` (ISO/IEC 18004, every version and
 * mode, UTF-8 text; no dependencies, so it runs in the demo's service worker as in Node).
 * Level L at least: the library raises the level when the chosen version has room for it.
 */
export function qrCode(text: string): Bitmap2D {
  return generate(text);
}

/** An SVG data URL of the QR code of `text`, `width` px square, with the 4-module quiet zone. */
export function qrSvgDataUrl(text: string, width = 200): string {
  const svg = toSvgSource(qrCode(text), {
    on: '#000',
    off: '#fff',
    pad: 4,
    width,
    height: width,
  });
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
