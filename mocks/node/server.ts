import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackend, type Backend } from '../backend';
import { corsPolicy, type CorsPolicy } from './cors';
import { notFound, sendJson, toRequest, writeResponse } from './fetch-bridge';
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
  server.on('request', requestListener(backend, corsPolicy(options.corsOrigins), origin));
  const sockets = attachSockets(server, backend);
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

function requestListener(backend: Backend, cors: CorsPolicy, origin: string) {
  async function answer(req: IncomingMessage, res: ServerResponse) {
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
    try {
      const request = await toRequest(req, origin);
      const response = await backend.handle(request);
      if (!response) return notFound(res, new URL(request.url).pathname, headers);
      // `network-down`: the connection drops without an answer, as the scenario promises.
      if (response.type === 'error') return void req.socket.destroy();
      await writeResponse(req, res, response, headers);
    } catch (error) {
      console.error('[mock] unhandled error', error);
      if (res.headersSent) res.destroy();
      else
        sendJson(res, 500, { error_code: 50000, error_msg: String(error), content: null }, headers);
    }
  }
  return (req: IncomingMessage, res: ServerResponse) => void answer(req, res);
}
