import { db } from './db';
import { verifyAccessToken } from './tokens';

/**
 * The real-time socket's server side (spec 2 §7: `/ws/v2`, the access token as subprotocol),
 * independent of how the bytes travel: MSW's WebSocket interception in-process (Vitest,
 * Storybook), a bridge from the page to the service worker (the demo), a real WebSocket
 * server (`npm run mock-server`). The token is checked like any bearer token; the socket is
 * closed with 1008 (policy) when it is refused or stops being valid, and `benefits.changed`
 * is pushed when the user's power balance changes, so the client refetches instead of polling;
 * `payment.updated` when one of the user's orders or prepays is paid or cancelled (pushToUser).
 */
export const POLICY_CLOSE_CODE = 1008;
/** Close code of a server that goes away on purpose (the `socket-drop` scenario, a restart). */
export const RESTART_CLOSE_CODE = 1012;
/** Scenario `socket-drop`: how long a socket lives. */
export const SOCKET_DROP_AFTER_MS = 4000;
/** How often the server looks at the user's balance and token. */
export const SOCKET_TICK_MS = 1000;

export type SocketMessage =
  | { type: 'hello'; uid: string }
  | { type: 'benefits.changed'; uid: string }
  | {
      /**
       * An order or prepay of the user ended (paid, cancelled): the client refetches the
       * balance and the membership status, and a pay dialog showing it can end at once.
       */
      type: 'payment.updated';
      uid: string;
      id: string;
      kind: 'order' | 'prepay';
      status: 'paid' | 'cancelled';
      product_type: 'subscription' | 'pack';
    };

export interface RealtimePeer {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface SocketConnectionRecord {
  protocol: string | null;
  uid: string | null;
  accepted: boolean;
  at: number;
}

/** Every connection the backend answered, newest last (the admin API lists them). */
export const socketConnections: SocketConnectionRecord[] = [];

/** The open, accepted sockets of each user (every tab), for `pushToUser`. */
const liveSockets = new Map<string, Set<(message: SocketMessage) => void>>();

/** Sends `message` to every open socket of `uid` (all the user's tabs); returns how many. */
export function pushToUser(uid: string, message: SocketMessage): number {
  const peers = liveSockets.get(uid);
  peers?.forEach((send) => send(message));
  return peers?.size ?? 0;
}

function balanceOf(uid: string): string {
  const row = db.benefits.findFirst((q) => q.where({ uid }));
  return row
    ? `${row.vip_words}|${row.pack_words}|${row.checkin_words}|${row.vip_expiry}|${row.checkin_expiry}`
    : '';
}

export interface RealtimeOptions {
  /** Close every socket this long after it opens (scenario `socket-drop`). */
  dropAfterMs?: number | null;
}

/**
 * Answers one connection. Returns the function to call when the peer goes away (it stops the
 * timers); the server closes by calling `peer.close`.
 */
export function acceptConnection(
  protocol: string | null,
  peer: RealtimePeer,
  options: RealtimeOptions = {},
): () => void {
  const first = verifyAccessToken(protocol);
  socketConnections.push({
    protocol,
    uid: first.ok ? first.uid : null,
    accepted: first.ok,
    at: Date.now(),
  });
  if (socketConnections.length > 50) socketConnections.shift();
  if (!first.ok) {
    peer.close(POLICY_CLOSE_CODE, `token ${first.reason}`);
    return () => undefined;
  }
  const { uid } = first;
  const send = (message: SocketMessage) => peer.send(JSON.stringify(message));
  send({ type: 'hello', uid });
  const peers = liveSockets.get(uid) ?? new Set();
  liveSockets.set(uid, peers.add(send));

  let balance = balanceOf(uid);
  const stop = () => {
    clearInterval(tick);
    if (drop) clearTimeout(drop);
    peers.delete(send);
    if (!peers.size && liveSockets.get(uid) === peers) liveSockets.delete(uid);
  };
  const tick = setInterval(() => {
    const check = verifyAccessToken(protocol);
    if (!check.ok) {
      stop();
      peer.close(POLICY_CLOSE_CODE, `token ${check.reason}`);
      return;
    }
    const next = balanceOf(uid);
    if (next !== balance) {
      balance = next;
      send({ type: 'benefits.changed', uid });
    }
  }, SOCKET_TICK_MS);
  const drop =
    options.dropAfterMs != null
      ? setTimeout(() => {
          stop();
          peer.close(RESTART_CLOSE_CODE, 'service restart');
        }, options.dropAfterMs)
      : null;
  return stop;
}
