import { clock } from './clock';
/**
 * Stored values (spec 1 §3): each value is kept with an optional expiry time, under a key with the
 * prefix `pro_`.
 *
 * Format of the stored string: JSON `{"value": <T>, "expire": <epoch ms> | null}`. Anything else
 * under a `pro_` key (corrupt JSON, a bare legacy value) reads as `null` and is left alone.
 *
 * Backend: `localStorage` when it can be reached; every access is wrapped, and a write that throws
 * (private mode, quota exceeded, storage disabled) is kept in an in-memory Map instead, so callers
 * never see an exception. Memory entries shadow localStorage ones for the life of the page.
 *
 * Time comes from an injectable `now()` (default `clock.now()`, read at call time so fake timers
 * and a test's manual clock work too).
 */

export const STORAGE_PREFIX = 'pro_';

export const STORAGE_KEYS = {
  lastLogin: 'last_login',
  theme: 'theme',
  retentionPopup: 'retention_popup',
  chargeTip: 'charge_tip',
  lang: 'lang',
  scenario: 'scenario',
  session: 'session',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export type SetOptions = {
  /**
   * Lifetime in ms from now. Omitted, `undefined` or non-finite: never expires.
   * Zero or negative: the value is already expired, so the key is removed.
   */
  ttlMs?: number | undefined;
};

export type StoredEnvelope<T> = { value: T; expire: number | null };

export type AppStorage = {
  get<T>(key: string): T | null;
  set<T>(key: string, value: T, options?: SetOptions): void;
  remove(key: string): void;
  /** Own keys (those with the prefix), returned without the prefix. */
  keys(): string[];
  /** Removes only own keys; other keys in localStorage are untouched. */
  clear(): void;
};

export type CreateStorageOptions = {
  prefix?: string;
  now?: () => number;
  /** Returns the Web Storage to use, or null for memory only. May throw (treated as null). */
  backend?: () => Storage | null;
};

function defaultBackend(): Storage | null {
  // Reading `window.localStorage` can itself throw (SecurityError in sandboxed frames).
  return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
}

export function createStorage(options: CreateStorageOptions = {}): AppStorage {
  const prefix = options.prefix ?? STORAGE_PREFIX;
  const now = options.now ?? (() => clock.now());
  const getBackend = options.backend ?? defaultBackend;
  const memory = new Map<string, string>();

  const backend = (): Storage | null => {
    try {
      return getBackend();
    } catch {
      return null;
    }
  };

  const readRaw = (full: string): string | null => {
    const mem = memory.get(full);
    if (mem !== undefined) return mem;
    try {
      return backend()?.getItem(full) ?? null;
    } catch {
      return null;
    }
  };

  const writeRaw = (full: string, raw: string): void => {
    try {
      const ls = backend();
      if (ls) {
        ls.setItem(full, raw);
        memory.delete(full);
        return;
      }
    } catch {
      // Quota exceeded or storage disabled: fall through to memory, and drop any older stored
      // copy so it can't resurface on the next page load.
      try {
        backend()?.removeItem(full);
      } catch {
        /* ignore */
      }
    }
    memory.set(full, raw);
  };

  const removeRaw = (full: string): void => {
    memory.delete(full);
    try {
      backend()?.removeItem(full);
    } catch {
      /* ignore */
    }
  };

  const ownKeys = (): string[] => {
    const found = new Set<string>();
    for (const k of memory.keys()) if (k.startsWith(prefix)) found.add(k);
    try {
      const ls = backend();
      if (ls) {
        for (let i = 0; i < ls.length; i++) {
          const k = ls.key(i);
          if (k !== null && k.startsWith(prefix)) found.add(k);
        }
      }
    } catch {
      /* ignore */
    }
    return [...found];
  };

  return {
    get<T>(key: string): T | null {
      const full = prefix + key;
      const raw = readRaw(full);
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return null;
      }
      if (typeof parsed !== 'object' || parsed === null || !('value' in parsed)) return null;
      const { value, expire } = parsed as { value: unknown; expire?: unknown };
      if (typeof expire === 'number' && expire <= now()) {
        removeRaw(full);
        return null;
      }
      return (value ?? null) as T | null;
    },

    set<T>(key: string, value: T, opts: SetOptions = {}): void {
      const full = prefix + key;
      const ttl = opts.ttlMs;
      if (value === undefined || (typeof ttl === 'number' && ttl <= 0)) {
        removeRaw(full);
        return;
      }
      const expire = typeof ttl === 'number' && Number.isFinite(ttl) ? now() + ttl : null;
      let raw: string;
      try {
        raw = JSON.stringify({ value, expire } satisfies StoredEnvelope<T>);
      } catch {
        return; // not serialisable (cycle, BigInt): nothing sensible to store
      }
      writeRaw(full, raw);
    },

    remove(key: string): void {
      removeRaw(prefix + key);
    },

    keys(): string[] {
      return ownKeys().map((k) => k.slice(prefix.length));
    },

    clear(): void {
      for (const k of ownKeys()) removeRaw(k);
    },
  };
}

/** The app-wide instance (prefix `pro_`, localStorage with in-memory fallback). */
export const storage: AppStorage = createStorage();

/**
 * Clears this app's pro_ storage except the browser's own choices (theme, language), which
 * belong to no account: a vanished account (login_reset) and a reset of the demo's data.
 */
export function clearAccountData(store: AppStorage = storage) {
  const kept = new Set<string>([STORAGE_KEYS.theme, STORAGE_KEYS.lang]);
  for (const key of store.keys()) if (!kept.has(key)) store.remove(key);
}
