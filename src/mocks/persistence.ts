import { restore, snapshot, type DbSnapshot } from './db';

/**
 * Keeps the mock database in the reviewer's browser, so their changes survive a reload.
 * Written after every write request (debounced) and when the page is hidden.
 */
export const DB_STORAGE_KEY = 'pro_mock_db';
const VERSION = 1;

interface Persisted {
  version: number;
  data: DbSnapshot;
}

export async function loadSeed(): Promise<DbSnapshot> {
  return (await import('./seed.gen.json')).default as unknown as DbSnapshot;
}

/** Restores the saved database, or the seed when there is none (or it is from an older version). */
export async function loadDatabase(
  storage: Storage = localStorage,
): Promise<'restored' | 'seeded'> {
  const raw = storage.getItem(DB_STORAGE_KEY);
  if (raw) {
    try {
      const saved = JSON.parse(raw) as Persisted;
      if (saved.version === VERSION) {
        await restore(saved.data);
        return 'restored';
      }
    } catch (error) {
      console.warn('[mock] saved database unreadable, starting from the seed', error);
    }
  }
  await restore(await loadSeed());
  return 'seeded';
}

export function saveDatabase(storage: Storage = localStorage) {
  try {
    storage.setItem(
      DB_STORAGE_KEY,
      JSON.stringify({ version: VERSION, data: snapshot() } satisfies Persisted),
    );
  } catch (error) {
    console.warn('[mock] could not save the database', error);
  }
}

let timer: ReturnType<typeof setTimeout> | null = null;

export function scheduleSave(storage: Storage = localStorage) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    saveDatabase(storage);
  }, 150);
}

export function flushSave(storage: Storage = localStorage) {
  if (!timer) return;
  clearTimeout(timer);
  timer = null;
  saveDatabase(storage);
}

export function clearSavedDatabase(storage: Storage = localStorage) {
  storage.removeItem(DB_STORAGE_KEY);
}
