import { clock } from './clock';
import { restore, snapshot, type DbSnapshot, type TableName } from './db';
import { addExplorationTables } from './exploration-tables';
import { addPaymentTables } from './payment-tables';
import { ACCESS_TTL_S, REFRESH_TTL_S, tokenPolicy } from './tokens';
import { seedAsOf } from './seed-time';

/**
 * What a backend host keeps between runs: every table, plus the few settings that live
 * outside the tables (remembered fault scenarios, the shifted clock, token lifetimes).
 *
 * Schema changes: bump SCHEMA_VERSION and add a step to MIGRATIONS that turns the previous
 * version into the new one (add a table: give it `[]`; add a field: fill its default on every
 * row; new seed data: record the seed's row counts in SEED_ROWS_AT and merge the rest with
 * `mergeSeedRows`). A saved state no step can carry forward (unknown, newer, or rows the new
 * schema refuses) is replaced by the seed: the visitor loses demo data, never gets a broken
 * backend.
 */
export const SCHEMA_VERSION = 6;

export interface BackendMeta {
  /** Fault scenarios in force, remembered until cleared (names; unknown ones are dropped). */
  faults: string[];
  clockOffsetMs: number;
  accessTtlS: number;
  refreshTtlS: number;
  /** Latency set through the admin API; null: the host's default (on in the demo). */
  latency: boolean | null;
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
  latency: null,
});

type Step = (
  state: { schema: number; data: unknown; meta?: unknown },
  seed: DbSnapshot,
) => {
  schema: number;
  data: unknown;
  meta?: unknown;
};

/**
 * One step per schema version, from the key to key + 1. Version 1 is the in-page backend's
 * `localStorage` format (`{version: 1, data}`): the tables were the same, the settings lived
 * in the page. A step that came with new seed data also brings that data into the saved state
 * (`mergeSeedRows`), so a returning visitor sees what a new one sees beside their own work.
 */
export const MIGRATIONS: Record<number, Step> = {
  1: (s) => ({ schema: 2, data: s.data, meta: defaultMeta() }),
  // 3: shares carry shared_at and view_count; supports (charges) and reports are new tables;
  // the square's authors, shares, follows and supports join the saved data.
  2: (s, seed) => ({
    schema: 3,
    data: mergeSeedRows(addShareFields(s.data), seed, 2, 3),
    meta: s.meta,
  }),
  // 4: activity power grants, memberships and payments (mocks/payment-tables.ts); the seeded
  // supporters of the author's square story join.
  3: (s, seed) => ({
    schema: 4,
    data: mergeSeedRows(addPaymentTables(s.data), seed, 3, 4),
    meta: s.meta,
  }),
  // 5: chat games, chats, messages, options, save points, world copies, dialogue power (issue 14);
  // the author's seeded chat games join.
  4: (s, seed) => ({
    schema: 5,
    data: mergeSeedRows(addExplorationTables(s.data), seed, 4, 5),
    meta: s.meta,
  }),
  // 6: seeded users have avatars (mocks/avatars.ts).
  5: (s, seed) => ({ schema: 6, data: addSeedAvatars(s.data, seed), meta: s.meta }),
};

/**
 * How many rows each table of the seed had at a schema version (absent: none). The seed only
 * ever appends (each later part has its own faker, mocks/factories.ts), so the rows past these
 * counts are the ones a later version added. `seed.test.ts` checks them against the factories.
 * From version 5 on, the whole seed.
 */
export const SEED_ROWS_AT: Record<number, Partial<Record<TableName, number>>> = {
  2: { users: 32, follows: 24, benefits: 1, worlds: 9, entries: 54, stories: 10, chapters: 26 },
  3: {
    users: 48,
    follows: 281,
    benefits: 1,
    worlds: 93,
    entries: 306,
    stories: 131,
    chapters: 268,
    charges: 156,
  },
  4: {
    users: 48,
    follows: 281,
    benefits: 1,
    worlds: 93,
    entries: 306,
    stories: 131,
    chapters: 268,
    charges: 231,
    memberships: 1,
    powerGrants: 1,
  },
};

/**
 * An account's own state: a user the saved data already has keeps theirs (their power, their
 * limits, their acknowledgements), none is taken from the seed.
 */
const ACCOUNT_TABLES: ReadonlySet<string> = new Set([
  'profileLimits',
  'benefits',
  'writingUsage',
  'dialogueBenefits',
  'chatTrans',
  'memberships',
  'powerGrants',
]);

type Row = Record<string, unknown>;

function rowKey(table: string, row: Row): string {
  if (table === 'follows') return `${String(row.follower)}>${String(row.followee)}`;
  if (table === 'profileLimits') return `${String(row.uid)}@${String(row.month)}`;
  return String(row.id ?? row.uid);
}

/**
 * Adds the rows the seed gained from version `from` to `to` (users, follows, shares, chapters,
 * entries, supports, chat games …) to saved data of version `from`. Only rows whose key the
 * data does not have are added: the visitor's rows are never replaced, and rows of the seed
 * they already had and deleted (an unfollow, a story purged) do not come back, since only the
 * later versions' rows are offered.
 */
export function mergeSeedRows(data: unknown, seed: DbSnapshot, from: number, to: number): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = { ...(data as Record<string, unknown>) };
  const rowsOf = (name: string) => (Array.isArray(d[name]) ? (d[name] as Row[]) : []);
  const knownUsers = new Set(rowsOf('users').map((u) => String(u.uid)));
  for (const [name, all] of Object.entries(seed) as Array<[TableName, Row[] | undefined]>) {
    if (!Array.isArray(all)) continue;
    const start = SEED_ROWS_AT[from]?.[name] ?? 0;
    const end = to in SEED_ROWS_AT ? (SEED_ROWS_AT[to]![name] ?? 0) : all.length;
    const added = all
      .slice(start, end)
      .filter((row) => !(ACCOUNT_TABLES.has(name) && knownUsers.has(String(row.uid))));
    if (added.length === 0) continue;
    const rows = rowsOf(name);
    const keys = new Set(rows.map((row) => rowKey(name, row)));
    d[name] = [...rows, ...added.filter((row) => !keys.has(rowKey(name, row)))];
  }
  return d;
}

/** Seeded users still on the default avatar get the seed's (an avatar of their own stays). */
function addSeedAvatars(data: unknown, seed: DbSnapshot): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = data as Record<string, unknown>;
  if (!Array.isArray(d.users)) return data;
  const seeded = new Map(seed.users.map((u) => [u.uid, u.headimgurl]));
  return {
    ...d,
    users: (d.users as Row[]).map((u) =>
      u.headimgurl === '' && seeded.get(String(u.uid))
        ? { ...u, headimgurl: seeded.get(String(u.uid)) }
        : u,
    ),
  };
}

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

/**
 * Brings a saved state to SCHEMA_VERSION, or null when it cannot be (then: reseed). The seed is
 * loaded only when a step runs.
 */
export async function migrate(
  raw: unknown,
  seed: () => Promise<DbSnapshot> = loadSeed,
): Promise<PersistedState | null> {
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
    state = step(state, await seed());
  }
  if (state.schema !== SCHEMA_VERSION || !state.data || typeof state.data !== 'object') return null;
  return {
    schema: SCHEMA_VERSION,
    data: state.data as DbSnapshot,
    meta: { ...defaultMeta(), ...(state.meta as Partial<BackendMeta> | undefined) },
  };
}

/** The running backend's state, ready to save. */
export function captureState(
  faults: readonly string[],
  latency: boolean | null = null,
): PersistedState {
  return {
    schema: SCHEMA_VERSION,
    data: snapshot(),
    meta: {
      faults: [...faults],
      latency,
      clockOffsetMs: clock.offsetMs(),
      accessTtlS: tokenPolicy.accessTtlS,
      refreshTtlS: tokenPolicy.refreshTtlS,
    },
  };
}

/** The seed as of the backend's clock (seed-time.ts). */
export async function loadSeed(): Promise<DbSnapshot> {
  const seed = (await import('./seed.gen.json')).default as unknown as DbSnapshot;
  return seedAsOf(seed, clock.nowS());
}

/**
 * Puts a saved state (any version) into the running backend, or the seed when there is none
 * or it cannot be migrated or restored. Returns how it started and the remembered faults.
 */
export async function startFrom(
  raw: unknown,
): Promise<{ origin: 'restored' | 'migrated' | 'seeded'; meta: BackendMeta }> {
  const state = await migrate(raw);
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
