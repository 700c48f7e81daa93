import { clock } from '@/lib/clock';
import type { PageToWorker, WorkerToPage } from '@mocks/sw/protocol';

/**
 * A service worker cannot accept WebSockets, so in the demo the page's `WebSocket` class
 * opens sockets to the backend's `/ws/v2` over postMessage instead (the smallest honest way:
 * the app's code and the server's logic, mocks/realtime.ts, are the real ones; only the
 * transport differs). Every other URL gets the browser's own WebSocket.
 */
const HEARTBEAT_MS = 10_000;

type Listener = (message: WorkerToPage) => void;

export function installSocketBridge(
  worker: () => ServiceWorker | null,
  ready: Promise<unknown>,
  isBackendSocket: (url: URL) => boolean,
) {
  const open = new Map<string, Listener>();
  const post = (message: PageToWorker) => worker()?.postMessage(message);

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerToPage>) => {
    const message = event.data;
    if (message && typeof message === 'object' && 'id' in message) open.get(message.id)?.(message);
  });
  clock.setInterval(() => {
    if (open.size) post({ type: 'ws:ping', ids: [...open.keys()] });
  }, HEARTBEAT_MS);

  class BridgedSocket extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readonly url: string;
    readonly extensions = '';
    readonly bufferedAmount = 0;
    binaryType: BinaryType = 'blob';
    protocol = '';
    readyState = 0;
    onopen: ((e: Event) => void) | null = null;
    onmessage: ((e: MessageEvent) => void) | null = null;
    onclose: ((e: CloseEvent) => void) | null = null;
    onerror: ((e: Event) => void) | null = null;
    private readonly id = `ws_${Math.random().toString(36).slice(2)}${clock.now().toString(36)}`;

    constructor(url: string, protocols?: string | string[]) {
      super();
      this.url = url;
      const offered = Array.isArray(protocols) ? protocols : protocols ? [protocols] : [];
      open.set(this.id, (m) => this.receive(m));
      void ready.then(
        () => {
          if (this.readyState === 0)
            post({ type: 'ws:open', id: this.id, protocol: offered[0] ?? null });
        },
        () => this.finish(1006, 'backend unavailable', true),
      );
    }

    private fire(event: Event) {
      this.dispatchEvent(event);
      const handler = (this as unknown as Record<string, unknown>)[`on${event.type}`];
      if (typeof handler === 'function') (handler as (e: Event) => void).call(this, event);
    }

    private receive(message: WorkerToPage) {
      if (message.type === 'ws:opened' && this.readyState === 0) {
        this.readyState = 1;
        this.protocol = message.protocol ?? '';
        this.fire(new Event('open'));
      } else if (message.type === 'ws:message' && this.readyState === 1) {
        this.fire(new MessageEvent('message', { data: message.data }));
      } else if (message.type === 'ws:close') {
        this.finish(message.code, message.reason, false);
      }
    }

    private finish(code: number, reason: string, error: boolean) {
      if (this.readyState === 3) return;
      this.readyState = 3;
      open.delete(this.id);
      if (error) this.fire(new Event('error'));
      this.fire(new CloseEvent('close', { code, reason, wasClean: !error }));
    }

    send() {
      if (this.readyState !== 1)
        throw new DOMException('WebSocket is not open', 'InvalidStateError');
      // The server reads nothing from the client on this socket (spec 2 §7 names no message).
    }

    close(code = 1000, reason = '') {
      if (this.readyState >= 2) return;
      post({ type: 'ws:close', id: this.id });
      this.finish(code, reason, false);
    }
  }

  const Native = window.WebSocket;
  class DemoWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      const target = new URL(url, location.href);
      if (isBackendSocket(target))
        return new BridgedSocket(target.href, protocols) as unknown as DemoWebSocket;
      super(url, protocols);
    }
  }
  window.WebSocket = DemoWebSocket;
}
