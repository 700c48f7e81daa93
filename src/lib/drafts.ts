/**
 * Local drafts of chapter bodies in IndexedDB, so nothing typed is lost to a failed save,
 * a reload, a crash or an expired session. A dozen lines of IndexedDB rather than a library:
 * one store, get/put/delete by key, and a memory fallback where IndexedDB is missing
 * (private modes, tests) so callers never see an exception.
 */

export interface Draft {
  /**
   * `${uid}:${chapterId}:${page}`: drafts never cross accounts, and each page load writes its
   * own, so two tabs on one chapter never overwrite or delete each other's unsaved text.
   */
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

/** This page load: a reload or another tab is another writer. */
const PAGE = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const chapterPrefix = (uid: string, chapterId: string) => `${uid}:${chapterId}:`;

/** Where this page keeps its draft of a chapter. */
export const draftKey = (uid: string, chapterId: string) =>
  `${chapterPrefix(uid, chapterId)}${PAGE}`;

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

/** Every page's draft of a chapter (this one's, earlier loads', other tabs'), newest first. */
export async function loadDrafts(uid: string, chapterId: string): Promise<Draft[]> {
  const prefix = chapterPrefix(uid, chapterId);
  const stored = await run<Draft[]>('readonly', (s) =>
    s.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`)),
  );
  const all = new Map<string, Draft>();
  for (const [key, d] of memory) if (key.startsWith(prefix)) all.set(key, d);
  for (const d of stored ?? []) all.set(d.key, d);
  return [...all.values()].sort((a, b) => b.changed_at - a.changed_at);
}

export async function deleteDraft(key: string): Promise<void> {
  memory.delete(key);
  await run('readwrite', (s) => s.delete(key));
}

/**
 * Drops every draft of every account (the demo's reset: the chapters they were written
 * against are gone). The page reloads right after, which closes this page's connection.
 */
export function deleteAllDrafts(): void {
  memory.clear();
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(DB_NAME);
}

/**
 * Whether a draft holds text the server's copy lacks, so it must be offered. A draft lives
 * only until its page's text is saved, so any draft that differs is unsaved text: newer
 * edits, or edits made against a version someone else has since replaced. Never judged by
 * comparing two machines' clocks.
 */
export function hasUnsavedText(draft: Draft, server: { name: string; content: string }): boolean {
  return draft.content !== server.content || draft.name !== server.name;
}
