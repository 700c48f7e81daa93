import { afterEach, describe, expect, it } from 'vitest';
import { createSocketClient, type SocketClient } from '@/lib/socket';
import { clock } from '../clock';
import { db } from '../db';
import { signedIn } from '../scenarios';
import { AUTHOR_UID } from '../seed-ids';
import { server } from '../server';
import { POLICY_CLOSE_CODE, SOCKET_TICK_MS, socketDrops } from './socket';

const URL = 'ws://localhost:3000/ws/v2';

function until(check: () => boolean, ms = 4000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > ms) reject(new Error('timed out'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

/** A raw socket as the browser opens it: the token as its only subprotocol. */
function open(token: string) {
  const socket = new WebSocket(URL, [token]);
  const seen = { messages: [] as unknown[], closeCode: null as number | null, opened: false };
  socket.onopen = () => (seen.opened = true);
  socket.onmessage = (e: MessageEvent) => seen.messages.push(JSON.parse(String(e.data)));
  socket.onclose = (e: CloseEvent) => (seen.closeCode = e.code);
  return { socket, seen };
}

const clients: SocketClient[] = [];
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});

describe('WS /ws/v2', () => {
  it('accepts a valid access token and says hello', async () => {
    const s = await signedIn();
    const { socket, seen } = open(s.accessToken);
    await until(() => seen.messages.length > 0);
    expect(seen.messages[0]).toEqual({ type: 'hello', uid: AUTHOR_UID });
    socket.close();
  });

  it('closes with 1008 for a missing, forged or refresh token', async () => {
    const s = await signedIn();
    for (const token of ['nope', s.refreshToken, s.accessToken.replace(/\.[^.]+$/, '.bad')]) {
      const { seen } = open(token);
      await until(() => seen.closeCode !== null);
      expect(seen.closeCode).toBe(POLICY_CLOSE_CODE);
      expect(seen.messages).toEqual([]);
    }
  });

  it('pushes benefits.changed when the power balance changes', async () => {
    const s = await signedIn();
    const { socket, seen } = open(s.accessToken);
    await until(() => seen.messages.length === 1);
    await db.benefits.update((q) => q.where({ uid: AUTHOR_UID }), {
      data: (b) => void (b.pack_words += 500),
    });
    await until(() => seen.messages.length === 2, SOCKET_TICK_MS * 3);
    expect(seen.messages[1]).toEqual({ type: 'benefits.changed', uid: AUTHOR_UID });
    socket.close();
  });

  it('closes with 1008 once the token expires while connected', async () => {
    const s = await signedIn();
    const { seen } = open(s.accessToken);
    await until(() => seen.messages.length === 1);
    clock.shift(8 * 86400_000);
    await until(() => seen.closeCode !== null, SOCKET_TICK_MS * 3);
    expect(seen.closeCode).toBe(POLICY_CLOSE_CODE);
  });

  it('the client reconnects after a server drop (socket-drop) and gets a new hello', async () => {
    server.use(...socketDrops(150));
    const s = await signedIn();
    const messages: unknown[] = [];
    const c = createSocketClient({
      url: URL,
      getToken: () => s.accessToken,
      isTokenCurrent: () => true,
      onMessage: (m) => messages.push(m),
      random: () => 0, // the shortest back-off: 500 ms
    });
    clients.push(c);
    c.connect();
    await until(() => messages.length >= 2, 3000);
    expect(messages.slice(0, 2)).toEqual([
      { type: 'hello', uid: AUTHOR_UID },
      { type: 'hello', uid: AUTHOR_UID },
    ]);
  });

  it('a refused token is cleared and the next connect takes the store token', async () => {
    const good = await signedIn();
    let storeToken = 'stale-token';
    const messages: unknown[] = [];
    const c = createSocketClient({
      url: URL,
      getToken: () => storeToken,
      isTokenCurrent: () => true,
      onMessage: (m) => messages.push(m),
      random: () => 0,
    });
    clients.push(c);
    c.connect();
    await until(() => c.state() === 'waiting');
    expect(c.socketToken()).toBeNull();
    storeToken = good.accessToken;
    await until(() => messages.length === 1, 3000);
    expect(messages[0]).toEqual({ type: 'hello', uid: AUTHOR_UID });
  });
});
