import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createBackend, type Backend } from '../backend';
import { isWrite, REFUSED } from '../request-guard';
import { INTERNAL_ERROR_BODY, UNCARRIED_METHODS, unsupportedMethod } from '../unmatched';
import { corsPolicy, type CorsPolicy } from './cors';
import { notFound, sendJson, toRequest, writeRaw, writeResponse } from './fetch-bridge';
import { jsonFileStorage } from './file-storage';
import { attachSockets } from './sockets';

/**
 * The mock backend over real HTTP (`npm run mock-server`): the same backend as the demo's
 * service worker, its data in a JSON file, for API tools, curl and a dev client on another
 * origin. Only one runs per process: the backend's database is module state.
 */
export interface MockServerOptions {
  /** 0: any free port. */
  port: number;
  host?: string;
  dataFile: string;
  /** Origins whose pages may call it; `'*'` in the list allows any. */
  corsOrigins?: readonly string[];
  /**
   * The demo's pacing (the continuation's pieces 40 ms apart; MSW's `delay()` is 5 ms in Node).
   * Off by default: API tools want answers at once.
   */
  latency?: boolean;
  /** Start from the seed, discarding the data file. */
  reset?: boolean;
}

export interface MockServer {
  url: string;
  port: number;
  /** Closes the sockets and the server, with every write stored. */
  close(): Promise<void>;
}

export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  // The port first: a taken one fails the start before the data file is touched.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const file = jsonFileStorage(options.dataFile);
  const backend = createBackend({
    // Reset: the backend seeds as for a missing file, and its first save replaces the file.
    storage: options.reset ? { ...file, load: async () => null } : file,
    latency: options.latency ?? false,
  });
  const cors = corsPolicy(options.corsOrigins);
  server.on('request', requestListener(backend, cors, origin));
  // Methods Node parses but Fetch cannot carry (CONNECT), or Node does not know (TRACK): the
  // same 405 as TRACE gets, on the raw socket, instead of a dropped connection or a bare 400.
  server.on(
    'connect',
    (req: IncomingMessage, socket: Socket) =>
      void writeRaw(socket, unsupportedMethod('CONNECT', pathOf(req.url))),
  );
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket) => {
    const line = /^([A-Z-]+) (\S+)/.exec(error.rawPacket?.toString('latin1') ?? '');
    if (error.code === 'HPE_INVALID_METHOD' && line && UNCARRIED_METHODS.has(line[1]!))
      void writeRaw(socket as Socket, unsupportedMethod(line[1]!, pathOf(line[2])));
    else if (!socket.writable) socket.destroy();
    // Node's own answers when a listener is present no more (431, 408, 400).
    else
      socket.end(
        `HTTP/1.1 ${
          error.code === 'HPE_HEADER_OVERFLOW'
            ? '431 Request Header Fields Too Large'
            : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
              ? '408 Request Timeout'
              : '400 Bad Request'
        }\r\nConnection: close\r\n\r\n`,
      );
  });
  const sockets = attachSockets(server, backend, {
    // The same names and pages as the HTTP answers: a rebound name or another site's page
    // (not on the CORS list) cannot open a socket in the visitor's browser.
    accepts: (req) => {
      if (!namesThisServer(req, origin)) return false;
      const from = req.headers.origin;
      return from === undefined || from === ownOrigin(req, origin) || cors.allows(from);
    },
  });
  try {
    // Requests wait for it anyway; awaited here so that an unreadable data file fails the start.
    await backend.ready;
  } catch (error) {
    backend.close();
    server.close();
    throw error;
  }

  return {
    url: origin,
    port,
    async close() {
      await sockets.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await backend.flushed();
      backend.close();
    },
  };
}

/** The path of a request target, whatever its form (`/a?b`, `http://host/a`, `host:port`). */
function pathOf(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const ANY_ADDRESS = new Set(['0.0.0.0', '[::]']);

/**
 * The server's own origin as this request's browser sees it: the Host it was asked by, when
 * that names the address it listens on (on a loopback address any loopback name, `localhost`
 * for 127.0.0.1; listening on every address, any name); else the address it listens on. A page
 * of any other name (a DNS name rebound to this address) is then another origin.
 */
function ownOrigin(req: IncomingMessage, origin: string): string {
  if (!namesThisServer(req, origin)) return origin;
  const asked = new URL(`http://${req.headers.host ?? ''}`);
  return asked.port === new URL(origin).port ? asked.origin : origin;
}

/**
 * The Host a request names is this server's: on a loopback address any loopback name, on a
 * named address that name, listening on every address any name. A page served under another
 * name (a DNS name rebound to this address) is its own origin in the browser, so its plain
 * GETs carry no `Origin` and read as same-origin: the Host is what tells them apart.
 */
function namesThisServer(req: IncomingMessage, origin: string): boolean {
  let asked: URL;
  try {
    asked = new URL(`http://${req.headers.host ?? ''}`);
  } catch {
    return false;
  }
  const bound = new URL(origin);
  return (
    asked.hostname === bound.hostname ||
    ANY_ADDRESS.has(bound.hostname) ||
    (LOOPBACK.has(bound.hostname) && LOOPBACK.has(asked.hostname))
  );
}

/** The 403 for a request whose Host is another name (see `namesThisServer`). */
const reboundHost = (host: string | undefined) => ({
  error_code: REFUSED,
  error_msg: `host ${host ?? '(none)'} is not this server's name`,
  content: null,
});

function requestListener(backend: Backend, cors: CorsPolicy, origin: string) {
  async function answer(req: IncomingMessage, res: ServerResponse) {
    if (!namesThisServer(req, origin))
      return sendJson(res, 403, reboundHost(req.headers.host), cors.answerHeaders(req));
    const preflight = cors.preflight(req);
    if (preflight) {
      if (preflight.allowed) res.writeHead(204, preflight.headers).end();
      else
        sendJson(
          res,
          403,
          {
            error_code: 40300,
            error_msg: `origin ${req.headers.origin} is not allowed (start the server with --cors)`,
            content: null,
          },
          preflight.headers,
        );
      return;
    }
    const headers = cors.answerHeaders(req);
    const method = (req.method ?? 'GET').toUpperCase();
    // Fetch refuses to build such a request: answered here, as the contract says, not as a 500.
    if (UNCARRIED_METHODS.has(method))
      return writeResponse(req, res, unsupportedMethod(method, pathOf(req.url)), headers);
    const own = ownOrigin(req, origin);
    const from = req.headers.origin;
    // Another origin's page writes only through a preflight, which the CORS list decides: a
    // write that comes without one (a form, a "simple" request) from an origin not on the list
    // is refused before the backend sees it. The admin API is stricter still (request-guard.ts).
    if (isWrite(method) && from !== undefined && from !== own && !cors.allows(from))
      return sendJson(
        res,
        403,
        {
          error_code: REFUSED,
          error_msg: `origin ${from} may not write here (start the server with --cors)`,
          content: null,
        },
        headers,
      );
    try {
      const request = await toRequest(req, own);
      const response = await backend.handle(request);
      if (!response) return notFound(res, new URL(request.url).pathname, headers);
      // `network-down`: the connection drops without an answer, as the scenario promises.
      if (response.type === 'error') return void req.socket.destroy();
      await writeResponse(req, res, response, headers);
    } catch (error) {
      // Logged here; the answer's text is fixed, never the error's.
      console.error('[mock] unhandled error', error);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, INTERNAL_ERROR_BODY, headers);
    }
  }
  return (req: IncomingMessage, res: ServerResponse) => void answer(req, res);
}
