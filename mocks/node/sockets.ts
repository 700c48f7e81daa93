import type { IncomingMessage, Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import type { Backend } from '../backend';
import { RESTART_CLOSE_CODE } from '../realtime';

/** Where the client opens its socket (src/lib/socket.ts). */
export const SOCKET_PATH = '/ws/v2';
/** How long a stopping server waits for clients to answer its close frame. */
const CLOSE_GRACE_MS = 500;

/**
 * The real-time socket as a real WebSocket on the HTTP server: the client offers its access
 * token as the only subprotocol, and the backend (realtime.ts) decides whether to keep it.
 */
export function attachSockets(
  server: Server,
  backend: Backend,
  { accepts }: { accepts: (req: IncomingMessage) => boolean },
) {
  const wss = new WebSocketServer({
    noServer: true,
    // A browser drops a connection whose handshake does not name one of the offered
    // subprotocols, so the token is accepted here and judged by the backend afterwards.
    handleProtocols: (protocols: Set<string>) => protocols.values().next().value ?? false,
  });

  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== SOCKET_PATH) {
      socket.destroy();
      return;
    }
    if (!accepts(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws));
  });

  function connect(ws: WebSocket) {
    // A broken frame closes the socket on its own; the listener keeps it from being thrown.
    ws.on('error', () => undefined);
    const stop = backend.connectSocket(ws.protocol || null, {
      send: (text) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
      },
      close: (code, reason) => ws.close(code, reason),
    });
    ws.on('close', () => void stop.then((s) => s()));
  }

  return {
    /** Closes every socket as a restarting server does (the client reconnects), then stops. */
    async close() {
      const closing = [...wss.clients].map(
        (ws) =>
          new Promise<void>((resolve) => {
            ws.once('close', () => resolve());
            ws.close(RESTART_CLOSE_CODE, 'server stopping');
            setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
          }),
      );
      await Promise.all(closing);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
