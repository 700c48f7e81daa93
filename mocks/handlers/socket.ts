import { ws } from 'msw';
import { db } from '../db';
import { verifyAccessToken } from '../tokens';

/**
 * The real-time socket (spec 2 §7: `/ws/v2`, the access token as subprotocol). The mock
 * checks the token like any bearer token, closes with 1008 (policy) when it is refused or
 * stops being valid, and pushes `benefits.changed` when the user's power balance changes,
 * so the client refetches it instead of polling.
 */
export const realtime = ws.link(/\/ws\/v2$/);

/** Close code of a refused token (RFC 6455 policy violation). */
export const POLICY_CLOSE_CODE = 1008;
/** How often the mock looks at the user's balance and token. */
export const SOCKET_TICK_MS = 1000;

export type SocketMessage =
  { type: 'hello'; uid: string } | { type: 'benefits.changed'; uid: string };

function firstProtocol(protocols: string | string[] | undefined): string | null {
  if (Array.isArray(protocols)) return protocols[0] ?? null;
  return protocols ?? null;
}

function balanceOf(uid: string): string {
  const row = db.benefits.findFirst((q) => q.where({ uid }));
  return row
    ? `${row.vip_words}|${row.pack_words}|${row.checkin_words}|${row.vip_expiry}|${row.checkin_expiry}`
    : '';
}

export interface SocketConnectionRecord {
  protocol: string | null;
  uid: string | null;
  accepted: boolean;
  at: number;
}

/**
 * Every connection the mock answered, newest last. In the browser it is also reachable as
 * `window.__mockSocketConnections`: MSW answers sockets inside the page (it patches the
 * WebSocket class), so the browser's own WebSocket events never see them.
 */
export const socketConnections: SocketConnectionRecord[] = [];
if (typeof window !== 'undefined')
  (
    window as unknown as { __mockSocketConnections: SocketConnectionRecord[] }
  ).__mockSocketConnections = socketConnections;

export const socketHandlers = [
  realtime.addEventListener('connection', ({ client, info }) => {
    const token = firstProtocol(info.protocols);
    const first = verifyAccessToken(token);
    socketConnections.push({
      protocol: token,
      uid: first.ok ? first.uid : null,
      accepted: first.ok,
      at: Date.now(),
    });
    if (socketConnections.length > 50) socketConnections.shift();
    if (!first.ok) {
      client.close(POLICY_CLOSE_CODE, `token ${first.reason}`);
      return;
    }
    const { uid } = first;
    const send = (message: SocketMessage) => client.send(JSON.stringify(message));
    send({ type: 'hello', uid });

    let balance = balanceOf(uid);
    const tick = setInterval(() => {
      const check = verifyAccessToken(token);
      if (!check.ok) {
        clearInterval(tick);
        client.close(POLICY_CLOSE_CODE, `token ${check.reason}`);
        return;
      }
      const next = balanceOf(uid);
      if (next !== balance) {
        balance = next;
        send({ type: 'benefits.changed', uid });
      }
    }, SOCKET_TICK_MS);
    client.addEventListener('close', () => clearInterval(tick));
  }),
];

/** Scenario `socket-drop`: the server closes every socket a few seconds after it opens. */
export function socketDrops(everyMs = 4000) {
  return [
    realtime.addEventListener('connection', ({ client }) => {
      const timer = setTimeout(() => client.close(1012, 'service restart'), everyMs);
      client.addEventListener('close', () => clearTimeout(timer));
    }),
  ];
}
