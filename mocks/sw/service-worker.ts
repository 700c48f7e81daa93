/// <reference lib="webworker" />
import './worker-globals';
import { createBackend, isBackendRequest, type BackendNotice } from '../backend';
import { RESTART_CLOSE_CODE } from '../realtime';
import { internalError } from '../unmatched';
import { idbStorage } from './idb-storage';
import type { PageToWorker, WorkerToPage } from './protocol';

/**
 * The demo's backend: one service worker per browser answers every tab (src/demo/register.ts
 * registers it). Its data lives in IndexedDB, so reloads, new tabs and browser restarts see
 * the same server; a new deploy replaces this script and migrates the data (state.ts).
 * WebSockets cannot reach a service worker, so /ws/v2 travels over postMessage (protocol.ts).
 */
declare const self: ServiceWorkerGlobalScope;

const backend = createBackend({
  storage: idbStorage(),
  latency: true,
  notify: (notice) => void broadcast(notice),
});

async function broadcast(notice: BackendNotice) {
  const message: WorkerToPage = { type: 'notice', notice };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

self.addEventListener('install', (event) => {
  // A new deploy takes over at once: the data is migrated, not the code kept.
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !isBackendRequest(url.href)) return;
  // A streamed answer keeps the worker alive until it is read to its end and stored. Nothing
  // else holds the event past its answer: a new deploy activates only once the old worker's
  // events are all done.
  event.respondWith(answer(event.request, (until) => event.waitUntil(until)));
});

async function answer(
  request: Request,
  extend: (until: Promise<unknown>) => void,
): Promise<Response> {
  try {
    const response = await backend.handle(request);
    if (!response) return fetch(request);
    // Only a streamed answer (the continuation's NDJSON) can write after it starts. Anything
    // else was stored before it was answered.
    if (response.type === 'error' || !response.body || !isStream(response)) return response;
    let done: () => void = () => undefined;
    extend(new Promise<void>((resolve) => (done = resolve)).then(() => backend.flushed()));
    return new Response(watchEnd(response.body, done), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    // The fixed text: the error's own would tell any page about the backend's insides.
    return internalError(error);
  }
}

const STREAM_TYPES = /^(application\/x-ndjson|text\/event-stream)/;
/** A reader that never finishes must not hold the worker (and a new deploy) forever. */
const STREAM_LIMIT_MS = 5 * 60_000;

function isStream(response: Response) {
  return STREAM_TYPES.test(response.headers.get('Content-Type') ?? '');
}

/** The same bytes, with a call when the reader has them all (or gives up, or takes too long). */
function watchEnd(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const limit = setTimeout(done, STREAM_LIMIT_MS);
  const finish = () => {
    clearTimeout(limit);
    done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: end } = await reader.read();
        if (end) {
          controller.close();
          finish();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        finish();
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
}

// ---- /ws/v2 over postMessage ----------------------------------------------------------------

const sockets = new Map<string, { stop: () => void }>();

self.addEventListener('message', (event) => {
  const source = event.source;
  if (!source || !('id' in source)) return;
  const message = event.data as PageToWorker;
  const post = (m: WorkerToPage) => source.postMessage(m);
  switch (message?.type) {
    case 'claim':
      // A hard reload leaves the page uncontrolled while this worker is active.
      event.waitUntil(self.clients.claim());
      break;
    case 'ws:open': {
      const { id, protocol } = message;
      let closed = false;
      post({ type: 'ws:opened', id, protocol });
      // Not held with waitUntil: Chromium then keeps a new deploy waiting behind this worker
      // for as long as the socket lives (measured). The page's heartbeat keeps the worker up.
      void backend
        .connectSocket(protocol, {
          send: (data) => post({ type: 'ws:message', id, data }),
          close: (code, reason) => {
            closed = true;
            sockets.delete(id);
            post({ type: 'ws:close', id, code, reason });
          },
        })
        .then((stop) => {
          if (!closed) sockets.set(id, { stop });
        });
      break;
    }
    case 'ws:close':
      sockets.get(message.id)?.stop();
      sockets.delete(message.id);
      break;
    case 'ws:ping':
      // The page's heartbeat keeps this worker alive while it has sockets; one the worker
      // no longer knows (it was stopped and started again) is closed like a restarted server's.
      for (const id of message.ids)
        if (!sockets.has(id))
          post({ type: 'ws:close', id, code: RESTART_CLOSE_CODE, reason: 'backend restarted' });
      break;
  }
});
