import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelayMs,
  createSocketClient,
  POLICY_CLOSE_CODE,
  socketUrl,
  type SocketClientOptions,
} from './socket';

/** A WebSocket the test drives: it opens, errors and closes when told. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  fail() {
    this.onerror?.();
    this.serverClose(1006);
  }
  close(code: number) {
    this.readyState = 3;
    this.closedWith = code;
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function client(over: Partial<SocketClientOptions> = {}) {
  let token = 'tok-1';
  let current = true;
  const messages: unknown[] = [];
  const c = createSocketClient({
    url: 'ws://localhost/ws/v2',
    getToken: () => token,
    isTokenCurrent: () => current,
    onMessage: (m) => messages.push(m),
    createSocket: (url, protocols) => new FakeSocket(url, protocols) as unknown as WebSocket,
    random: () => 0.5,
    ...over,
  });
  return {
    c,
    messages,
    setToken: (t: string) => (token = t),
    setCurrent: (v: boolean) => (current = v),
  };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('backoffDelayMs', () => {
  it('doubles from 1 s and stops at 30 s, scaled by jitter in [0.5, 1)', () => {
    const mid = () => 0.5; // factor 0.75
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelayMs(n, mid))).toEqual([
      750, 1500, 3000, 6000, 12000, 22500, 22500, 22500,
    ]);
    expect(backoffDelayMs(0, () => 0)).toBe(500);
    expect(backoffDelayMs(20, () => 0.999999)).toBeLessThanOrEqual(30_000);
  });
});

describe('socketUrl', () => {
  it('turns the API base into ws/wss and adds /ws/v2', () => {
    expect(socketUrl('http://localhost:5173')).toBe('ws://localhost:5173/ws/v2');
    expect(socketUrl('https://inkworld.example/')).toBe('wss://inkworld.example/ws/v2');
    expect(socketUrl('https://api.example', 'wss://rt.example')).toBe('wss://rt.example/ws/v2');
  });
});

describe('socket client', () => {
  it('opens with the access token as its subprotocol and parses JSON messages', () => {
    const { c, messages } = client();
    c.connect();
    expect(last().protocols).toEqual(['tok-1']);
    last().open();
    expect(c.state()).toBe('open');
    last().onmessage?.({ data: '{"type":"benefits.changed"}' });
    expect(messages).toEqual([{ type: 'benefits.changed' }]);
  });

  it('reconnects with growing delays while the token is current, and resets after an open', () => {
    const { c } = client();
    c.connect();
    last().serverClose();
    expect(c.state()).toBe('waiting');
    vi.advanceTimersByTime(749);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().serverClose();
    vi.advanceTimersByTime(1499);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    expect(c.attempts()).toBe(0);
    last().serverClose();
    vi.advanceTimersByTime(750);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('keeps its token across a plain drop', () => {
    const { c, setToken } = client();
    c.connect();
    last().open();
    setToken('tok-2');
    last().serverClose(1006);
    vi.advanceTimersByTime(750);
    expect(last().protocols).toEqual(['tok-1']);
  });

  it('an error clears the socket token: the next connect takes the store token', () => {
    const { c, setToken } = client();
    c.connect();
    setToken('tok-2');
    last().fail();
    expect(c.socketToken()).toBeNull();
    vi.advanceTimersByTime(750);
    expect(last().protocols).toEqual(['tok-2']);
  });

  it('a policy close (token refused) also clears it', () => {
    const { c, setToken } = client();
    c.connect();
    setToken('tok-3');
    last().serverClose(POLICY_CLOSE_CODE);
    vi.advanceTimersByTime(750);
    expect(last().protocols).toEqual(['tok-3']);
  });

  it('does not reconnect once the token is no longer current', () => {
    const { c, setCurrent } = client();
    c.connect();
    setCurrent(false);
    last().serverClose();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(c.state()).toBe('idle');
  });

  it('reconnect() after a refresh closes the old socket and opens one with the new token', () => {
    const { c, setToken } = client();
    c.connect();
    last().open();
    const old = last();
    setToken('tok-new');
    c.reconnect();
    expect(old.closedWith).toBe(1000);
    expect(last().protocols).toEqual(['tok-new']);
    // The old socket's own close event must not schedule another connection.
    old.serverClose(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('close() stops reconnecting (logout)', () => {
    const { c } = client();
    c.connect();
    last().serverClose();
    c.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(c.state()).toBe('idle');
  });

  it('does nothing without a token', () => {
    const { c } = client({ getToken: () => null });
    c.connect();
    expect(FakeSocket.all).toHaveLength(0);
    expect(c.state()).toBe('idle');
  });

  it('connect() while connected opens no second socket', () => {
    const { c } = client();
    c.connect();
    c.connect();
    expect(FakeSocket.all).toHaveLength(1);
  });
});
