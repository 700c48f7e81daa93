import { clock } from './clock';
import { restore, snapshot, type DbSnapshot } from './db';
import { addExplorationTables } from './exploration-tables';
import { addPaymentTables } from './payment-tables';
import { ACCESS_TTL_S, REFRESH_TTL_S, tokenPolicy } from './tokens';

/**
 * What a backend host keeps between runs: every table, plus the few settings that live
 * outside the tables (remembered fault scenarios, the shifted clock, token lifetimes).
 *
 * Schema changes: bump SCHEMA_VERSION and add a step to MIGRATIONS that turns the previous
 * version into the new one (add a table: give it `[]`; add a field: fill its default on every
 * row). A saved state no step can carry forward (unknown, newer, or rows the new schema
 * refuses) is replaced by the seed: the visitor loses demo data, never gets a broken backend.
 */
export const SCHEMA_VERSION = 5;

export interface BackendMeta {
  /** Fault scenarios in force, remembered until cleared (names; unknown ones are dropped). */
  faults: string[];
  clockOffsetMs: number;
  accessTtlS: number;
  refreshTtlS: number;
}

export interface PersistedState {
  schema: number;
  data: DbSnapshot;
  meta: BackendMeta;
}

export const defaultMeta = (): BackendMeta => ({
  faults: [],
  clockOffsetMs: 0,
  accessTtlS: ACCESS_TTL_S,
  refreshTtlS: REFRESH_TTL_S,
});

type Step = (state: { schema: number; data: unknown; meta?: unknown }) => {
  schema: number;
  data: unknown;
  meta?: unknown;
};

/**
 * One step per schema version, from the key to key + 1. Version 1 is the in-page backend's
 * `localStorage` format (`{version: 1, data}`): the tables were the same, the settings lived
 * in the page.
 */
export const MIGRATIONS: Record<number, Step> = {
  1: (s) => ({ schema: 2, data: s.data, meta: defaultMeta() }),
  // 3: shares carry shared_at and view_count; supports (charges) and reports are new tables.
  2: (s) => ({ schema: 3, data: addShareFields(s.data), meta: s.meta }),
  // 4: activity power grants, memberships and payments (mocks/payment-tables.ts).
  3: (s) => ({ schema: 4, data: addPaymentTables(s.data), meta: s.meta }),
  // 5: chat games, chats, messages, options, save points, world copies, dialogue power (issue 14).
  4: (s) => ({ schema: 5, data: addExplorationTables(s.data), meta: s.meta }),
};

function addShareFields(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = data as Record<string, unknown>;
  const withShare = (rows: unknown) =>
    Array.isArray(rows)
      ? rows.map((r: Record<string, unknown>) => ({
          ...r,
          shared_at: r.share_status === 'private' ? 0 : Number(r.updated_at ?? 0),
          view_count: 0,
        }))
      : rows;
  return {
    ...d,
    worlds: withShare(d.worlds),
    stories: withShare(d.stories),
    charges: d.charges ?? [],
    reports: d.reports ?? [],
  };
}

/** Brings a saved state to SCHEMA_VERSION, or null when it cannot be (then: reseed). */
export function migrate(raw: unknown): PersistedState | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { schema?: unknown; version?: unknown; data?: unknown; meta?: unknown };
  let state: ReturnType<Step> = {
    schema: Number(r.schema ?? r.version),
    data: r.data,
    meta: r.meta,
  };
  while (state.schema < SCHEMA_VERSION) {
    const step = MIGRATIONS[state.schema];
    if (!step) return null;
    state = step(state);
  }
  if (state.schema !== SCHEMA_VERSION || !state.data || typeof state.data !== 'object') return null;
  return {
    schema: SCHEMA_VERSION,
    data: state.data as DbSnapshot,
    meta: { ...defaultMeta(), ...(state.meta as Partial<BackendMeta> | undefined) },
  };
}

/** The running backend's state, ready to save. */
export function captureState(faults: readonly string[]): PersistedState {
  return {
    schema: SCHEMA_VERSION,
    data: snapshot(),
    meta: {
      faults: [...faults],
      clockOffsetMs: clock.offsetMs(),
      accessTtlS: tokenPolicy.accessTtlS,
      refreshTtlS: tokenPolicy.refreshTtlS,
    },
  };
}

export async function loadSeed(): Promise<DbSnapshot> {
  return (await import('./seed.gen.json')).default as unknown as DbSnapshot;
}

/**
 * Puts a saved state (any version) into the running backend, or the seed when there is none
 * or it cannot be migrated or restored. Returns how it started and the remembered faults.
 */
export async function startFrom(
  raw: unknown,
): Promise<{ origin: 'restored' | 'migrated' | 'seeded'; meta: BackendMeta }> {
  const state = migrate(raw);
  if (state) {
    try {
      await restore(state.data);
      applyMeta(state.meta);
      const schema = (raw as { schema?: unknown }).schema;
      return { origin: schema === SCHEMA_VERSION ? 'restored' : 'migrated', meta: state.meta };
    } catch (error) {
      console.warn('[mock] saved data does not fit the schema, starting from the seed', error);
    }
  }
  await restore(await loadSeed());
  const meta = defaultMeta();
  applyMeta(meta);
  return { origin: 'seeded', meta };
}

function applyMeta(meta: BackendMeta) {
  clock.reset();
  clock.setOffset(meta.clockOffsetMs);
  tokenPolicy.accessTtlS = meta.accessTtlS;
  tokenPolicy.refreshTtlS = meta.refreshTtlS;
}
