import { clock, type TimerId } from './clock';
/**
 * The real-time socket (spec 2 §4, §7): `/ws/v2` on the main API origin, opened with the
 * access token as its subprotocol.
 *
 * Rules:
 * - it reconnects when closed while the token is still current, with bounded exponential
 *   back-off: 1 s doubling to at most 30 s, each delay scaled by a random factor in
 *   [0.5, 1) ("equal jitter") so tabs dropped together do not return together;
 * - an error clears the socket token, so the next connect takes the current one from the
 *   store instead of retrying a token the server may have refused;
 * - a close with the policy code (1008: token refused) also clears it;
 * - `reconnect()` after a refresh opens a new socket with the new token;
 * - `close()` (logout, invalid token) stops everything until `connect()`.
 */
export const SOCKET_PATH = '/ws/v2';
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** Close code of a refused token (RFC 6455 policy violation). */
export const POLICY_CLOSE_CODE = 1008;

/** Delay before reconnect attempt `attempt` (0-based). */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/**
 * ws/wss from the main API base (which defaults to this page's origin), or an explicit
 * socket base (VITE_SOCKET_URL) when the deployment puts the socket elsewhere.
 */
export function socketUrl(apiBase: string, socketBase = ''): string {
  const base = (socketBase || apiBase).replace(/\/+$/, '');
  const url = new URL(base + SOCKET_PATH);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting';

export interface SocketClientOptions {
  url: string;
  /** The store's current access token. */
  getToken: () => string | null;
  /** Whether the store's token is still current (valid on the server clock). */
  isTokenCurrent: () => boolean;
  onMessage: (data: unknown) => void;
  onStateChange?: (state: SocketState) => void;
  /** The WebSocket class, read at connect time so a mock installed later is used. */
  createSocket?: (url: string, protocols: string[]) => WebSocket;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

export interface SocketClient {
  connect(): void;
  /** Drops the current socket and opens a new one with the store's token (after a refresh). */
  reconnect(): void;
  close(): void;
  state(): SocketState;
  /** The token the socket uses next; null after an error. */
  socketToken(): string | null;
  /** Reconnect attempts since the last successful open. */
  attempts(): number;
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

export function createSocketClient(options: SocketClientOptions): SocketClient {
  const create =
    options.createSocket ?? ((url, protocols) => new globalThis.WebSocket(url, protocols));
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((fn, ms) => clock.setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((id) => clock.clearTimeout(id as TimerId));

  let socket: WebSocket | null = null;
  let token: string | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let wanted = false;
  let current: SocketState = 'idle';

  const setState = (next: SocketState) => {
    if (next === current) return;
    current = next;
    options.onStateChange?.(next);
  };

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const detach = () => {
    const s = socket;
    socket = null;
    if (!s) return;
    s.onopen = s.onmessage = s.onerror = s.onclose = null;
    if (s.readyState === s.CONNECTING || s.readyState === s.OPEN) s.close(1000);
  };

  const scheduleReconnect = () => {
    if (!wanted || !options.isTokenCurrent()) {
      wanted = false;
      setState('idle');
      return;
    }
    const delay = backoffDelayMs(attempt, random);
    attempt += 1;
    setState('waiting');
    timer = setTimer(() => {
      timer = null;
      open();
    }, delay);
  };

  function open() {
    cancelTimer();
    detach();
    token ??= options.getToken();
    if (!wanted || !token) {
      setState('idle');
      return;
    }
    setState('connecting');
    let s: WebSocket;
    try {
      s = create(options.url, [token]);
    } catch {
      token = null;
      scheduleReconnect();
      return;
    }
    socket = s;
    s.onopen = () => {
      attempt = 0;
      setState('open');
    };
    s.onmessage = (event: MessageEvent) => options.onMessage(parse(event.data));
    s.onerror = () => {
      token = null;
    };
    s.onclose = (event: CloseEvent) => {
      if (socket !== s) return;
      socket = null;
      if (event.code === POLICY_CLOSE_CODE) token = null;
      scheduleReconnect();
    };
  }

  return {
    connect() {
      wanted = true;
      if (socket || timer !== null) return;
      open();
    },
    reconnect() {
      wanted = true;
      token = null;
      attempt = 0;
      open();
    },
    close() {
      wanted = false;
      cancelTimer();
      detach();
      token = null;
      attempt = 0;
      setState('idle');
    },
    state: () => current,
    socketToken: () => token,
    attempts: () => attempt,
  };
}
