import { clock } from './clock';
/**
 * Local drafts of chapter bodies, so nothing typed is lost to a failed save, a reload, a
 * renderer crash or an expired session.
 *
 * Two stores, one record per page load and chapter:
 * - `localStorage` takes every change synchronously (`keepDraft`), in the task of the change
 *   itself: the renderer hands the value to the browser process before the next frame, so a
 *   reload, a closed tab or a crashed renderer right after the last key still finds it.
 *   IndexedDB cannot promise that (its write commits after the task, and a crash in between
 *   loses it). A change is written as one edit (a splice) against the whole copy last kept
 *   there, a few characters instead of the chapter: serialising and writing a
 *   20,000-character chapter cost ~0.6 ms of every keystroke. The whole copy is rewritten
 *   with the bulk store's writes (`keepDraft(draft, { whole: true })`) and whenever the edit
 *   would grow large; reading applies the edit to the copy it was made against.
 * - IndexedDB (`storeDraft`, a dozen lines rather than a library) is the bulk store, written a
 *   moment later: it keeps a draft when `localStorage` is full (the demo keeps images there)
 *   or unavailable.
 * Reading merges both, the higher `revision` of a key winning (one page's own counter, never
 * a clock). A memory map stands in where neither store exists (tests, private modes).
 */

export interface Draft {
  /**
   * `${uid}:${chapterId}:${page}`: drafts never cross accounts, and each page load writes its
   * own, so two tabs on one chapter never overwrite or delete each other's unsaved text.
   */
  key: string;
  name: string;
  content: string;
  /**
   * The server version this text was based on: the chapter's `updated_at` as the server
   * gave it (its own value, compared for equality only, never against this device's clock).
   */
  base_updated_at: number;
  /** This page's edit counter when written: of two copies of one key, the higher is newer. */
  revision?: number;
  /** When the draft was written (this device's clock), for display and ordering only. */
  changed_at: number;
}

const DB_NAME = 'pro_drafts';
const STORE = 'drafts';
/**
 * Outside the `pro_` keys on purpose: clearing account data (login_reset) keeps drafts, like
 * the IndexedDB copies; the demo's reset drops both (`deleteAllDrafts`).
 */
const LOCAL_PREFIX = 'drafts:';

/** This page load: a reload or another tab is another writer. */
const PAGE = `${clock.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const chapterPrefix = (uid: string, chapterId: string) => `${uid}:${chapterId}:`;

/** Where this page keeps its draft of a chapter. */
export const draftKey = (uid: string, chapterId: string) =>
  `${chapterPrefix(uid, chapterId)}${PAGE}`;

let opening: Promise<IDBDatabase | null> | null = null;
const memory = new Map<string, Draft>();
/**
 * Set by `deleteAllDrafts`: this page is about to reload and must not write a draft back. On
 * the global object, because the demo's host script bundles its own copy of this module.
 */
const DROPPED = Symbol.for('pro_drafts.dropped');
const dropped = () => (globalThis as Record<symbol, unknown>)[DROPPED] === true;

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

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

/**
 * One request in its own transaction, resolved when the transaction has committed (its
 * request's result), or null where there is no database or it failed: a write the caller
 * waited for is on disk, not only accepted.
 */
function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  return openDb().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const tx = db.transaction(STORE, mode);
          const request = act(tx.objectStore(STORE));
          let result: T | null = null;
          request.onsuccess = () => (result = request.result);
          tx.oncomplete = () => resolve(result);
          tx.onerror = () => resolve(null);
          tx.onabort = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

/** Where the edit since the last whole copy of a draft is kept (beside the copy itself). */
const EDIT_SUFFIX = '#edit';
/**
 * Where a deleted draft's mark is kept until the bulk store's delete has committed: the
 * synchronous store says at once that the copies are done with, so an IndexedDB copy a reload
 * or a crash caught before its delete committed is never offered as unsaved text.
 */
const GONE_SUFFIX = '#gone';

/** A deleted draft: its bulk copies up to this page counter are done with (null: all). */
interface Gone {
  upTo: number | null;
}

function goneMark(store: Storage | null, key: string): Gone | null {
  try {
    const mark = JSON.parse(store?.getItem(LOCAL_PREFIX + key + GONE_SUFFIX) ?? 'null') as Gone;
    return mark && (mark.upTo === null || typeof mark.upTo === 'number') ? mark : null;
  } catch {
    return null;
  }
}

/** Whether a bulk copy was deleted after it was written (its page's mark covers it). */
const isGone = (mark: Gone | null, draft: Draft) =>
  mark !== null && (mark.upTo === null || (draft.revision ?? 0) <= mark.upTo);
/** An edit whose new text is longer than this is written as a whole copy instead. */
const EDIT_LIMIT = 2000;

/**
 * A draft as one splice of the whole copy kept before it (`base` its revision, `length` its
 * content's length): `text` replaces what lies between the first `start` characters and the
 * last `end`. Name, version and counter are the draft's own.
 */
interface DraftEdit {
  base: number;
  length: number;
  start: number;
  end: number;
  text: string;
  name: string;
  base_updated_at: number;
  revision?: number;
  changed_at: number;
}

/** Per draft key, the whole copy this page last wrote to `localStorage`. */
const wholeCopies = new Map<string, { revision: number; content: string }>();

/** Compared a stretch at a time first (natively), then a character at a time. */
const STRETCH = 512;

/** The splice turning `from` into `to`: the common start and end are kept. */
function spliceBetween(from: string, to: string) {
  const most = Math.min(from.length, to.length);
  let start = 0;
  while (
    start + STRETCH <= most &&
    from.slice(start, start + STRETCH) === to.slice(start, start + STRETCH)
  )
    start += STRETCH;
  while (start < most && from.charCodeAt(start) === to.charCodeAt(start)) start += 1;
  const room = most - start;
  let end = 0;
  while (
    end + STRETCH <= room &&
    from.slice(from.length - end - STRETCH, from.length - end) ===
      to.slice(to.length - end - STRETCH, to.length - end)
  )
    end += STRETCH;
  while (
    end < room &&
    from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)
  )
    end += 1;
  return { start, end, text: to.slice(start, to.length - end) };
}

/** The draft an edit makes of the whole copy it was made against, or null if it was not. */
function applyEdit(copy: Draft, edit: DraftEdit): Draft | null {
  if (edit.base !== (copy.revision ?? 0) || edit.length !== copy.content.length) return null;
  const content =
    copy.content.slice(0, edit.start) +
    edit.text +
    copy.content.slice(copy.content.length - edit.end);
  return {
    key: copy.key,
    name: edit.name,
    content,
    base_updated_at: edit.base_updated_at,
    revision: edit.revision,
    changed_at: edit.changed_at,
  };
}

/**
 * Keeps a draft at once, in this task (`localStorage`): what survives a reload or a crash
 * right after the change. Written as an edit against the whole copy kept before, unless
 * `whole` (the bulk store's moments) or the edit is large. False when `localStorage` refused
 * it (full, disabled): the caller then stores it in IndexedDB straight away.
 */
export function keepDraft(draft: Draft, { whole = false }: { whole?: boolean } = {}): boolean {
  if (dropped()) return true;
  memory.set(draft.key, draft);
  const store = local();
  if (!store) return false;
  const at = LOCAL_PREFIX + draft.key;
  const kept = wholeCopies.get(draft.key);
  try {
    if (kept && !whole) {
      const splice = spliceBetween(kept.content, draft.content);
      if (splice.text.length <= EDIT_LIMIT) {
        const edit: DraftEdit = {
          base: kept.revision,
          length: kept.content.length,
          ...splice,
          name: draft.name,
          base_updated_at: draft.base_updated_at,
          revision: draft.revision,
          changed_at: draft.changed_at,
        };
        store.setItem(at + EDIT_SUFFIX, JSON.stringify(edit));
        return true;
      }
    }
    store.setItem(at, JSON.stringify(draft));
    wholeCopies.set(draft.key, { revision: draft.revision ?? 0, content: draft.content });
    // The whole copy holds everything now; an edit left over would name another base.
    store.removeItem(at + EDIT_SUFFIX);
    return true;
  } catch {
    // Next time, a whole copy again (the edit's base may not be what `localStorage` holds).
    wholeCopies.delete(draft.key);
    return false;
  }
}

/** Writes a draft to the bulk store (IndexedDB). */
export async function storeDraft(draft: Draft): Promise<void> {
  if (dropped()) return;
  memory.set(draft.key, draft);
  await run('readwrite', (s) => s.put(draft));
}

/** Both at once: the synchronous copy (whole), then the bulk store. */
export async function saveDraft(draft: Draft): Promise<void> {
  keepDraft(draft, { whole: true });
  await storeDraft(draft);
}

function localDrafts(prefix: string): Draft[] {
  const store = local();
  if (!store) return [];
  const found: Draft[] = [];
  try {
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (!key?.startsWith(LOCAL_PREFIX + prefix) || key.includes('#')) continue;
      try {
        const d = JSON.parse(store.getItem(key) ?? 'null') as Draft | null;
        if (!d || typeof d.content !== 'string' || typeof d.key !== 'string') continue;
        found.push(d);
        const edit = JSON.parse(store.getItem(key + EDIT_SUFFIX) ?? 'null') as DraftEdit | null;
        const edited = edit && typeof edit.text === 'string' ? applyEdit(d, edit) : null;
        // The edit is the later change; the copy stays beside it (the newer of the two wins).
        if (edited) found.push(edited);
      } catch {
        // A damaged copy: the IndexedDB one (if any) stands.
      }
    }
  } catch {
    return found;
  }
  return found;
}

/** Of two copies of one page's draft, the later edit (its own counter; ties: the later write). */
const newer = (a: Draft, b: Draft) =>
  (a.revision ?? 0) !== (b.revision ?? 0)
    ? (a.revision ?? 0) > (b.revision ?? 0)
      ? a
      : b
    : a.changed_at >= b.changed_at
      ? a
      : b;

/** Every page's draft of a chapter (this one's, earlier loads', other tabs'), newest first. */
export async function loadDrafts(uid: string, chapterId: string): Promise<Draft[]> {
  const prefix = chapterPrefix(uid, chapterId);
  const stored = await run<Draft[]>('readonly', (s) =>
    s.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`)),
  );
  const all = new Map<string, Draft>();
  const add = (d: Draft) => {
    const had = all.get(d.key);
    all.set(d.key, had ? newer(had, d) : d);
  };
  const store = local();
  for (const d of stored ?? []) {
    const mark = goneMark(store, d.key);
    // Deleted, but the page went away before the bulk store's delete committed: finish it.
    if (isGone(mark, d)) void dropBulkCopy(d.key, mark!);
    else add(d);
  }
  for (const d of localDrafts(prefix)) add(d);
  for (const [key, d] of memory) if (key.startsWith(prefix)) add(d);
  return [...all.values()].sort((a, b) => b.changed_at - a.changed_at);
}

/** Deletes a draft's bulk copy, then its mark, unless a later delete has marked it since. */
async function dropBulkCopy(key: string, mark: Gone): Promise<void> {
  // A delete resolves undefined once committed, null where it failed (the page went away).
  if ((await openDb()) && (await run('readwrite', (s) => s.delete(key))) === null) return;
  const store = local();
  const now = goneMark(store, key);
  if (now && now.upTo === mark.upTo) {
    try {
      store?.removeItem(LOCAL_PREFIX + key + GONE_SUFFIX);
    } catch {
      // Storage refused: the mark stays, and covers only copies already deleted.
    }
  }
}

/**
 * Deletes a draft: its text is saved, or the writer chose another copy. `upTo` is the page's
 * counter at that moment (later copies of a page still typing stay); without it every copy of
 * the key goes (another page's draft). The synchronous copies go in this task, with a mark
 * that stands for the bulk copy's delete until it has committed.
 */
export async function deleteDraft(key: string, { upTo }: { upTo?: number } = {}): Promise<void> {
  memory.delete(key);
  wholeCopies.delete(key);
  const mark: Gone = { upTo: upTo ?? null };
  const store = local();
  try {
    store?.removeItem(LOCAL_PREFIX + key);
    store?.removeItem(LOCAL_PREFIX + key + EDIT_SUFFIX);
    store?.setItem(LOCAL_PREFIX + key + GONE_SUFFIX, JSON.stringify(mark));
  } catch {
    // Nothing to remove where storage is refused.
  }
  await dropBulkCopy(key, mark);
}

/**
 * Drops every draft of every account (the demo's reset: the chapters they were written
 * against are gone). The page reloads right after, which closes this page's connection;
 * until then no draft is written again (its editor would on `pagehide`).
 */
export function deleteAllDrafts(): void {
  (globalThis as Record<symbol, unknown>)[DROPPED] = true;
  memory.clear();
  wholeCopies.clear();
  const store = local();
  if (store) {
    try {
      const keys: string[] = [];
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i);
        if (key?.startsWith(LOCAL_PREFIX)) keys.push(key);
      }
      for (const key of keys) store.removeItem(key);
    } catch {
      // Storage refused: nothing was kept there either.
    }
  }
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(DB_NAME);
}

/**
 * Forgets this page's copies and lifts the demo reset's stop, as a new page would start (test
 * files share a page: vite.config.ts `isolate: false`). The stores themselves are left alone.
 */
export function resetDraftsForTests(): void {
  delete (globalThis as Record<symbol, unknown>)[DROPPED];
  memory.clear();
  wholeCopies.clear();
}

/**
 * Whether a draft holds text the server's copy lacks, so it must be offered. A draft lives
 * only until its page's text is saved, so any draft that differs is unsaved text.
 */
export function hasUnsavedText(draft: Draft, server: { name: string; content: string }): boolean {
  return draft.content !== server.content || draft.name !== server.name;
}

/**
 * What to do with a draft found next to the server copy, judged by what the draft was based
 * on, never by two machines' clocks:
 * - `saved`: the server holds this text word for word; the draft is done with;
 * - `restore`: the server copy is still the one the draft started from: offer the draft;
 * - `conflict`: the server copy moved on since the draft's base (another device, another tab,
 *   a save whose answer the page never saw): show both, keep either or both.
 */
export type DraftVerdict = 'saved' | 'restore' | 'conflict';

export function judgeDraft(
  draft: Draft,
  server: { name: string; content: string; updated_at: number },
): DraftVerdict {
  if (!hasUnsavedText(draft, server)) return 'saved';
  return draft.base_updated_at === server.updated_at ? 'restore' : 'conflict';
}
