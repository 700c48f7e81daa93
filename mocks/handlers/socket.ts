import { ws } from 'msw';
import { acceptConnection, RESTART_CLOSE_CODE, SOCKET_DROP_AFTER_MS } from '../realtime';

export {
  POLICY_CLOSE_CODE,
  SOCKET_TICK_MS,
  socketConnections,
  type SocketMessage,
} from '../realtime';

/**
 * The real-time socket in-process (Vitest, Storybook): MSW intercepts the page's WebSocket
 * and hands each connection to the transport-independent server in realtime.ts.
 */
export const realtime = ws.link(/\/ws\/v2$/);

function firstProtocol(protocols: string | string[] | undefined): string | null {
  if (Array.isArray(protocols)) return protocols[0] ?? null;
  return protocols ?? null;
}

export const socketHandlers = [
  realtime.addEventListener('connection', ({ client, info }) => {
    const stop = acceptConnection(firstProtocol(info.protocols), {
      send: (text) => client.send(text),
      close: (code, reason) => client.close(code, reason),
    });
    client.addEventListener('close', stop);
  }),
];

/**
 * Scenario `socket-drop`: the server closes every socket a few seconds after it opens. Here a
 * second listener beside the server's; hosts that run realtime.ts themselves pass the same
 * delay as `dropAfterMs`.
 */
export function socketDrops(everyMs = SOCKET_DROP_AFTER_MS) {
  return [
    realtime.addEventListener('connection', ({ client }) => {
      const timer = setTimeout(() => client.close(RESTART_CLOSE_CODE, 'service restart'), everyMs);
      client.addEventListener('close', () => clearTimeout(timer));
    }),
  ];
}
