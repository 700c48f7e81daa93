/**
 * Local drafts of chapter bodies in IndexedDB, so nothing typed is lost to a failed save,
 * a reload, a crash or an expired session. A dozen lines of IndexedDB rather than a library:
 * one store, get/put/delete by key, and a memory fallback where IndexedDB is missing
 * (private modes, tests) so callers never see an exception.
 */

export interface Draft {
  /** `${uid}:${chapterId}`: drafts never cross accounts. */
  key: string;
  name: string;
  content: string;
  /** The server's `updated_at` (seconds) the edit started from. */
  base_updated_at: number;
  /** When the draft was written, Unix milliseconds. */
  changed_at: number;
}

const DB_NAME = 'pro_drafts';
const STORE = 'drafts';

export const draftKey = (uid: string, chapterId: string) => `${uid}:${chapterId}`;

let opening: Promise<IDBDatabase | null> | null = null;
const memory = new Map<string, Draft>();

function openDb(): Promise<IDBDatabase | null> {
  if (opening) return opening;
  opening = new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  return openDb().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const request = act(db.transaction(STORE, mode).objectStore(STORE));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

export async function saveDraft(draft: Draft): Promise<void> {
  memory.set(draft.key, draft);
  await run('readwrite', (s) => s.put(draft));
}

export async function loadDraft(key: string): Promise<Draft | null> {
  const stored = await run<Draft | undefined>('readonly', (s) => s.get(key));
  return stored ?? memory.get(key) ?? null;
}

export async function deleteDraft(key: string): Promise<void> {
  memory.delete(key);
  await run('readwrite', (s) => s.delete(key));
}

/**
 * Whether a draft should be offered over the server's copy: it differs, and it was written
 * after the server copy was last saved.
 */
export function isNewerDraft(
  draft: Draft | null,
  server: { name: string; content: string; updated_at: number },
): draft is Draft {
  if (!draft) return false;
  if (draft.content === server.content && draft.name === server.name) return false;
  return draft.changed_at > server.updated_at * 1000;
}
