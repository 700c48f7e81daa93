import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * A Content-Security-Policy for the built pages, as a `<meta http-equiv>` in index.html (and
 * so in 404.html, its copy): a static host needs no header configuration for it.
 *
 * - Scripts: the app's own files ('self') and the page's inline scripts by their SHA-256,
 *   computed here from the finished HTML: the theme script of index.html and, in mock
 *   builds, the demo's host script (scripts/demo-backend-plugin.ts). No 'unsafe-inline', no
 *   'unsafe-eval'.
 * - Styles: 'unsafe-inline' stays: React's style attributes and the demo's injected `<style>`
 *   need it, and a style cannot run script.
 * - Images: the app, data: and blob: (the cropper previews its file and result through blob:
 *   URLs), the API hosts (the image proxy path lives there) and the image proxy host.
 * - Connections: the app's origin ('self' also covers ws:/wss: to it, the socket's default),
 *   every configured service host and the socket URL.
 * - `VITE_CSP_EXTRA_HOSTS` (space or comma separated URLs) adds hosts to images and
 *   connections: a real backend's upload storage or image CDN, which the contract does not name.
 * - The demo's service worker is a same-origin script (worker-src 'self').
 * Only for builds: the dev server injects inline scripts of its own (HMR, React refresh).
 * `frame-ancestors` cannot be set from a meta tag; a host that can send headers should add it.
 */
export function contentSecurityPolicy(env: Record<string, string | undefined>): Plugin {
  return {
    name: 'inkworld:csp',
    apply: 'build',
    transformIndexHtml: {
      // After every other plugin has added its tags (the demo's host script among them).
      order: 'post',
      handler(html) {
        const policy = buildPolicy(html, env);
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
        // Before any script, so the policy governs all of them.
        return html.replace(/<meta charset="UTF-8"\s*\/?>/i, (m) => `${m}\n    ${meta}`);
      },
    },
  };
}

/** SHA-256 sources of the inline (src-less) scripts of `html`, exactly as they stand. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = '', body = ''] = m;
    if (/\bsrc\s*=/i.test(attrs)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function buildPolicy(html: string, env: Record<string, string | undefined>): string {
  const services = [
    env.VITE_API_BASE_URL,
    env.VITE_WORLDS_BASE_URL,
    env.VITE_PAYMENT_BASE_URL,
    env.VITE_AUTH_BASE_URL,
    env.VITE_TIME_URL,
  ]
    .map(origin)
    .filter((o): o is string => !!o);
  const socket = origin(env.VITE_SOCKET_URL);
  // Hosts the contract does not name (a real backend's upload storage or image CDN).
  const extra = (env.VITE_CSP_EXTRA_HOSTS ?? '')
    .split(/[\s,]+/)
    .map(origin)
    .filter((o): o is string => !!o);
  const proxyHost = env.VITE_IMAGE_PROXY_HOST ? `https://${env.VITE_IMAGE_PROXY_HOST}` : null;
  const list = (...items: (string | null | undefined)[]) =>
    [...new Set(items.filter((i): i is string => !!i))].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...inlineScriptHashes(html))],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', list("'self'", 'data:', 'blob:', ...services, proxyHost, ...extra)],
    ['font-src', "'self' data:"],
    ['connect-src', list("'self'", ...services, socket, ...extra)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', list("'self'", ...services)],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}
