// Plain JS (not TS) so that scripts/bench.mjs can import it on Node 20 as well as the e2e suite.
// Types: static-server.d.mts beside it.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** MIME types of everything a Vite build emits (JS and the service worker must be JavaScript). */
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves a Vite build directory under `base`, like a static host with an SPA rewrite:
 * - a file that exists is served with its MIME type (hashed files under assets/ are immutable);
 * - any other path under `base` without a file extension gets index.html (client-side routes,
 *   deep links); a missing file *with* an extension is a 404, so a lost chunk fails loudly
 *   instead of being answered with HTML;
 * - paths outside `base` are 404, and `base` without its trailing slash redirects to it.
 * The mock service worker lives under `base`, so its default scope covers the app and no
 * `Service-Worker-Allowed` header is needed.
 * `compress: true` gzips text responses (level 9, cached per file) like a production host does;
 * `onRequest` sees every answered request (the bench uses it to log what a page fetched).
 *
 * @param {import('./static-server.d.mts').StaticServerOptions} options
 */
export async function startStaticServer({
  root,
  base = '/',
  port = 0,
  host = '127.0.0.1',
  compress = false,
  onRequest,
}) {
  const rootDir = resolve(root);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const indexHtml = resolve(rootDir, 'index.html');
  await stat(indexHtml); // fail early when the build is missing
  /** @type {Map<string, Promise<Buffer>>} */
  const gzipCache = new Map();

  /** @type {WeakMap<import('node:http').ServerResponse, string>} */
  const servedFile = new WeakMap();

  const server = createServer((req, res) => {
    if (onRequest) {
      res.on('finish', () =>
        onRequest({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          status: res.statusCode,
          contentType: String(res.getHeader('content-type') ?? ''),
          contentEncoding: String(res.getHeader('content-encoding') ?? ''),
          bytes: Number(res.getHeader('content-length') ?? 0),
          file: servedFile.get(res) ?? null,
        }),
      );
    }
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(String(error));
    });
  });

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (prefix !== '/' && pathname === prefix.slice(0, -1)) {
      res.writeHead(301, { Location: prefix + url.search }).end();
      return;
    }
    if (!pathname.startsWith(prefix)) {
      notFound(res);
      return;
    }
    const relative = pathname.slice(prefix.length);
    const file = resolve(rootDir, relative);
    if (file !== rootDir && !file.startsWith(rootDir + sep)) {
      notFound(res);
      return;
    }
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) {
      await send(req, res, file, info.size, cacheControl(relative));
      return;
    }
    if (extname(relative) === '' || relative.endsWith('/')) {
      const index = await stat(indexHtml);
      await send(req, res, indexHtml, index.size, 'no-cache');
      return;
    }
    notFound(res);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} file
   * @param {number} size
   * @param {string} cache
   */
  async function send(req, res, file, size, cache) {
    const type =
      MIME[/** @type {keyof typeof MIME} */ (extname(file).toLowerCase())] ??
      'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Cache-Control': cache,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    servedFile.set(res, file);
    const gzip =
      compress &&
      COMPRESSIBLE.test(type) &&
      /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) {
      let body = gzipCache.get(file);
      if (!body) {
        body = readFile(file).then((buf) => gzipSync(buf, { level: 9 }));
        gzipCache.set(file, body);
      }
      const buf = await body;
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': buf.length });
      res.end(req.method === 'HEAD' ? undefined : buf);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  }

  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no TCP address');
  const origin = `http://${host}:${address.port}`;

  return {
    origin,
    /** Origin plus base without its trailing slash: append an app path such as `/dashboard/abouts`. */
    url: origin + prefix.slice(0, -1),
    port: address.port,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose(undefined));
      }),
  };
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg)/;

/** @param {string} relative */
function cacheControl(relative) {
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** @param {import('node:http').ServerResponse} res */
function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}
