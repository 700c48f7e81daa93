import { getResponse, http, HttpResponse, RequestHandler } from 'msw';
import { isApiRequest } from './api-paths';
import { OAUTH_PURPOSE } from './codes';
import { clock } from './clock';
import { db, onDbChange } from './db';
import { handlers } from './handlers';
import { schedulePurge } from './handlers/stories';
import { apiError, latency } from './http';
import { paymentAdminHandlers } from './payments-admin';
import {
  socketConnections,
  acceptConnection,
  SOCKET_DROP_AFTER_MS,
  type RealtimePeer,
} from './realtime';
import {
  applyStateScenarios,
  faultHandlers,
  isScenarioName,
  parseScenarioParam,
  SCENARIO_NAMES,
  SCENARIOS,
  type ScenarioName,
} from './scenarios';
import type { ClientSession } from './scenarios/session';
import { captureState, migrate, startFrom, type PersistedState } from './state';
import { requestRefusal } from './request-guard';
import { adminRefusal, contractRefusal, internalError, notFound } from './unmatched';

/**
 * The mock backend as a server: one instance owns the data, answers the contract's endpoints
 * and the admin API, and keeps every acknowledged write before it answers. Hosts give it
 * storage and a transport: the demo's service worker (IndexedDB, one per browser), the Node
 * mock server (a JSON file, HTTP), tests (memory).
 */
export const ADMIN_PREFIX = '/__mock/';

export interface BackendStorage {
  load(): Promise<unknown>;
  save(state: PersistedState): Promise<void>;
}

/** What the backend tells every open page (the service worker posts it to its clients). */
export type BackendNotice = { type: 'reset' };

export interface BackendOptions {
  storage: BackendStorage;
  /** Realistic latency on every answer (the demo); none for API tools and tests. */
  latency?: boolean;
  notify?: (notice: BackendNotice) => void;
}

export interface Backend {
  /** Resolves when the saved data (or the seed) is loaded. */
  ready: Promise<void>;
  /** The answer to an API or admin request; null for anything else (pages, assets). */
  handle(request: Request): Promise<Response | null>;
  /** A socket at /ws/v2 with this subprotocol; returns the function to call when it closes. */
  connectSocket(protocol: string | null, peer: RealtimePeer): Promise<() => void>;
  /** Resolves once every write so far is stored. */
  flushed(): Promise<void>;
  close(): void;
}

export function isBackendRequest(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  return pathname.startsWith(ADMIN_PREFIX) || isApiRequest(url);
}

/** The contract's HTTP handlers (the socket is served by realtime.ts in every host). */
const httpHandlers = handlers.filter((h) => h instanceof RequestHandler);

export function createBackend(options: BackendOptions): Backend {
  const { storage } = options;
  /** Latency set through the admin API (kept with the data); null: the host's default. */
  let latencySetting: boolean | null = null;
  const setLatency = (enabled: boolean | null) => {
    latencySetting = enabled;
    latency.enabled = enabled ?? options.latency ?? false;
  };
  setLatency(null);
  let faults: ScenarioName[] = [];
  let faultList: RequestHandler[] = [];
  let dirty = false;
  let saving: Promise<void> = Promise.resolve();
  let stopPurge: (() => void) | null = null;
  const offChange = onDbChange(() => (dirty = true));

  const setFaults = (names: readonly ScenarioName[]) => {
    faults = [...new Set(names)];
    faultList = faultHandlers(faults).filter((h) => h instanceof RequestHandler);
  };

  /** Stores the state when anything changed; saves run one after another, never interleaved. */
  const persist = (force = false): Promise<void> => {
    if (!dirty && !force) return saving;
    dirty = false;
    const state = captureState(faults, latencySetting);
    saving = saving.then(() =>
      storage.save(state).catch((error: unknown) => {
        dirty = true;
        console.error('[mock] could not store the data', error);
      }),
    );
    return saving;
  };

  const ready = (async () => {
    const started = await startFrom(await storage.load());
    setFaults(started.meta.faults.filter(isScenarioName));
    setLatency(started.meta.latency);
    dirty = false;
    if (started.origin !== 'restored') await persist(true);
    // A purge runs with no request after it: its removals are stored at once.
    stopPurge = schedulePurge(() => void persist());
  })();

  async function reset() {
    await startFrom(null);
    setFaults([]);
    socketConnections.length = 0;
    await persist(true);
    options.notify?.({ type: 'reset' });
  }

  const admin = adminHandlers({
    faults: () => faults,
    async apply(names, replaceFaults) {
      const fault = names.filter((n) => SCENARIOS[n].kind === 'fault');
      setFaults(replaceFaults ? fault : [...faults, ...fault]);
      const session = await applyStateScenarios(names);
      await persist(true);
      return session;
    },
    async clearFaults() {
      setFaults([]);
      await persist(true);
    },
    reset,
    async importState(raw) {
      // Refused before anything is touched: a state that cannot be carried forward must not
      // replace the data this backend has.
      if (!(await migrate(raw))) return false;
      const started = await startFrom(raw);
      setFaults(started.meta.faults.filter(isScenarioName));
      await persist(true);
      return started.origin !== 'seeded';
    },
    async shiftClock(ms) {
      clock.shift(ms);
      await persist(true);
    },
    latency: () => latency.enabled,
    async setLatency(enabled) {
      setLatency(enabled);
      await persist(true);
    },
  });

  return {
    ready,
    async handle(request) {
      if (!isBackendRequest(request.url)) return null;
      // Before anything is loaded or touched: who sent it decides whether it is answered.
      const refused = requestRefusal(request);
      if (refused) return refused;
      await ready;
      let response: Response;
      try {
        response =
          (await getResponse([...admin, ...faultList], request)) ??
          // Before the handlers: their router would take `/stories/recycle` for a story id.
          contractRefusal(request) ??
          (await getResponse(httpHandlers, request)) ??
          // An operation of the contract that no handler implements (yet): not found, as above.
          notFound(request);
      } catch (error) {
        response = internalError(error);
      }
      await persist();
      return response;
    },
    async connectSocket(protocol, peer) {
      await ready;
      return acceptConnection(protocol, peer, {
        dropAfterMs: faults.includes('socket-drop') ? SOCKET_DROP_AFTER_MS : null,
      });
    },
    flushed: () => persist(),
    close() {
      offChange();
      stopPurge?.();
    },
  };
}

interface AdminContext {
  faults(): readonly ScenarioName[];
  apply(names: ScenarioName[], replaceFaults: boolean): Promise<ClientSession | null>;
  clearFaults(): Promise<void>;
  reset(): Promise<void>;
  importState(raw: unknown): Promise<boolean>;
  shiftClock(ms: number): Promise<void>;
  latency(): boolean;
  /** On or off; null: back to the host's default. Kept across reloads and resets. */
  setLatency(enabled: boolean | null): Promise<void>;
}

/** Body of an admin answer that refuses its input, in the contract's error shape. */
const ADMIN_BAD_INPUT = 42290;

async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = (await request.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The admin API (openapi/mock-admin.yaml): scenarios, faults, reset, the verification codes
 * "sent", the clock, the sockets and the payer's side of payments (payments-admin.ts). The panel, `?scenario=`, tests and API tools all use it.
 */
function adminHandlers(ctx: AdminContext): RequestHandler[] {
  const path = (p: string) => `*${ADMIN_PREFIX}${p}`;
  const scenarioList = () => ({
    scenarios: SCENARIO_NAMES.map((name) => ({ name, kind: SCENARIOS[name].kind })),
    faults: [...ctx.faults()],
  });
  return [
    http.get(path('scenarios'), () => HttpResponse.json(scenarioList())),
    http.post(path('scenarios'), async ({ request }) => {
      const body = await jsonBody(request);
      const raw = body?.names;
      if (!Array.isArray(raw) || raw.some((n) => typeof n !== 'string'))
        return apiError(ADMIN_BAD_INPUT, 'names must be a list of scenario names', null, 422);
      const { names, unknown } = parseScenarioParam(raw.join(','));
      if (unknown.length)
        return apiError(
          ADMIN_BAD_INPUT,
          `unknown scenarios: ${unknown.join(', ')}`,
          { unknown },
          422,
        );
      const session = await ctx.apply(names, body?.replace_faults === true);
      return HttpResponse.json({ applied: names, faults: [...ctx.faults()], session });
    }),
    http.delete(path('scenarios'), async () => {
      await ctx.clearFaults();
      return HttpResponse.json(scenarioList());
    }),
    http.post(path('reset'), async () => {
      await ctx.reset();
      return HttpResponse.json({ reset: true });
    }),
    http.post(path('import'), async ({ request }) => {
      const body = await jsonBody(request);
      if (!body) return apiError(ADMIN_BAD_INPUT, 'body must be a saved state', null, 422);
      const imported = await ctx.importState(body);
      if (!imported) return apiError(ADMIN_BAD_INPUT, 'saved state cannot be migrated', null, 422);
      return HttpResponse.json({ imported: true });
    }),
    http.get(path('codes'), () =>
      HttpResponse.json({
        codes: db.codes
          .all()
          .filter((c) => !c.used && c.purpose !== OAUTH_PURPOSE)
          .sort((a, b) => b.sent_at - a.sent_at)
          .slice(0, 5)
          .map(({ code, target, purpose, sent_at }) => ({ code, target, purpose, sent_at })),
      }),
    ),
    http.get(path('clock'), () =>
      HttpResponse.json({ now_ms: clock.nowMs(), offset_ms: clock.offsetMs() }),
    ),
    http.post(path('clock'), async ({ request }) => {
      const shift = (await jsonBody(request))?.shift_ms;
      if (typeof shift !== 'number' || !Number.isFinite(shift))
        return apiError(ADMIN_BAD_INPUT, 'shift_ms must be a number of milliseconds', null, 422);
      await ctx.shiftClock(shift);
      return HttpResponse.json({ now_ms: clock.nowMs(), offset_ms: clock.offsetMs() });
    }),
    http.get(path('latency'), () => HttpResponse.json({ enabled: ctx.latency() })),
    http.put(path('latency'), async ({ request }) => {
      const enabled = (await jsonBody(request))?.enabled;
      if (typeof enabled !== 'boolean' && enabled !== null)
        return apiError(ADMIN_BAD_INPUT, 'enabled must be true, false or null', null, 422);
      await ctx.setLatency(enabled);
      return HttpResponse.json({ enabled: ctx.latency() });
    }),
    http.get(path('sockets'), () => HttpResponse.json({ connections: [...socketConnections] })),
    ...paymentAdminHandlers(path),
    http.all(path('*'), ({ request }) => adminRefusal(request)),
  ];
}
