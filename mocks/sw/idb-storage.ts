import type { BackendStorage } from '../backend';
import type { PersistedState } from '../state';

/**
 * The demo backend's data in IndexedDB: one record holding the whole state, written after
 * every change before the answer goes out, so a closed tab or a stopped worker loses nothing
 * the backend acknowledged. Structured clone, no JSON: a few hundred KB costs a millisecond.
 */
const DB_NAME = 'inkworld-mock-backend';
const STORE = 'state';
const KEY = 'current';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

export function idbStorage(): BackendStorage {
  let db: Promise<IDBDatabase> | null = null;
  const connection = () => {
    db ??= open().then((d) => {
      // Another worker version wants to upgrade: let it, and reopen on the next call.
      d.onversionchange = () => {
        d.close();
        db = null;
      };
      return d;
    });
    return db;
  };
  const run = <T>(mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T>) =>
    connection().then(
      (d) =>
        new Promise<T>((resolve, reject) => {
          const tx = d.transaction(STORE, mode, { durability: 'strict' });
          const request = act(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(request.result);
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
        }),
    );
  return {
    load: () => run('readonly', (s) => s.get(KEY) as IDBRequest<unknown>),
    save: async (state: PersistedState) => {
      await run('readwrite', (s) => s.put(state, KEY));
    },
  };
}
