import { clock } from './clock';
import { createStorage } from './storage';

/**
 * Durable text: what a person types, kept locally in the task of each change, so a reload, a
 * closed tab, a crashed renderer or an ended session loses nothing (the chapter editor's
 * drafts, `drafts.ts`, do the same for chapter bodies with a bulk store beside).
 *
 * - **Per object and per page load.** A copy lives under `texts:<scope>:<page>`: the scope
 *   names the object (`chat:<uid>:<chatId>`, `world:<uid>:<worldId>` …, the uid first so
 *   drafts never cross accounts) and `page` is this page load, so two tabs never overwrite or
 *   delete each other's text.
 * - **Written at once.** `keepText` writes `localStorage` synchronously; the renderer hands the
 *   value over before the next frame, so a crash right after the last key still finds it.
 * - **Outside the `pro_` keys**, so signing out or an ended session keeps drafts; the demo's
 *   reset drops them with the chapter drafts (`dropAllTexts`).
 * - **Taken back only from pages that are gone.** Each page holds a Web Lock named after
 *   itself for its whole life; a copy whose page still holds its lock belongs to an open tab
 *   and is left to it. Where Web Locks are missing every other page counts as gone.
 * - Copies older than `MAX_AGE_MS` are forgotten.
 */

export type TextFields = Record<string, string>;

export interface TextCopy<T extends TextFields = TextFields> {
  fields: T;
  /** The page load that wrote it. */
  page: string;
  /** When it was written (this device's clock), for display and ordering. */
  changed_at: number;
}

/** A draft no one came back to in a month is dropped. */
export const MAX_AGE_MS = 30 * 86_400_000;

const PREFIX = 'texts:';
const store = createStorage({ prefix: PREFIX });

/** This page load. */
export const PAGE = `${clock.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const LOCK_PREFIX = 'pro_texts_page:';

/**
 * Holds this page's lock for its whole life (asked once, at first use): other pages then know
 * this one is open.
 */
let holding = false;
function holdPageLock() {
  if (holding) return;
  holding = true;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return;
  void locks
    .request(LOCK_PREFIX + PAGE, () => new Promise<never>(() => undefined))
    .catch(() => undefined);
}

/** The page loads open now (theirs and this one), or null when the browser cannot tell. */
async function openPages(): Promise<Set<string> | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.query) return null;
  try {
    const state = await locks.query();
    return new Set(
      (state.held ?? [])
        .map((lock) => lock.name ?? '')
        .filter((name) => name.startsWith(LOCK_PREFIX))
        .map((name) => name.slice(LOCK_PREFIX.length)),
    );
  } catch {
    return null;
  }
}

const keyOf = (scope: string, page = PAGE) => `${scope}:${page}`;

function isCopy(value: unknown): value is TextCopy {
  if (!value || typeof value !== 'object') return false;
  const copy = value as Partial<TextCopy>;
  return (
    typeof copy.page === 'string' &&
    typeof copy.changed_at === 'number' &&
    !!copy.fields &&
    typeof copy.fields === 'object' &&
    Object.values(copy.fields).every((v) => typeof v === 'string')
  );
}

/**
 * Keeps this page's copy of `scope` now, in this task. `null` (nothing unsaved left) removes it.
 */
export function keepText<T extends TextFields>(scope: string, fields: T | null): void {
  holdPageLock();
  if (fields === null) {
    store.remove(keyOf(scope));
    return;
  }
  const copy: TextCopy<T> = { fields, page: PAGE, changed_at: clock.now() };
  store.set(keyOf(scope), copy, { ttlMs: MAX_AGE_MS });
}

/** Every copy of `scope` (every page's), newest first. */
export function allCopies<T extends TextFields>(scope: string): TextCopy<T>[] {
  const start = `${scope}:`;
  return store
    .keys()
    .filter((key) => key.startsWith(start) && !key.slice(start.length).includes(':'))
    .map((key) => store.get<unknown>(key))
    .filter(isCopy)
    .map((copy) => copy as TextCopy<T>)
    .sort((a, b) => b.changed_at - a.changed_at);
}

/**
 * The copies of `scope` this page may take back: its own, and those of pages that are gone
 * (reloaded, closed, crashed), newest first. Read when called, before the look-up for open
 * pages: a copy the field writes while it runs (the person typing at once) is what they are
 * typing, not text to offer back.
 */
export async function copiesToTakeBack<T extends TextFields>(
  scope: string,
): Promise<TextCopy<T>[]> {
  holdPageLock();
  const copies = allCopies<T>(scope);
  const open = await openPages();
  return copies.filter(
    (copy) => copy.page === PAGE || (open !== null && !open.has(copy.page)) || open === null,
  );
}

/** Removes the copies of `scope` written by `pages` (after they were taken back). */
export function dropCopies(scope: string, pages: readonly string[]): void {
  for (const page of pages) store.remove(keyOf(scope, page));
}

/**
 * The server has `fields`: this page's copy goes, and so does any other copy holding exactly
 * that text (nothing in it is unsaved any more).
 */
export function textSaved<T extends TextFields>(scope: string, fields: T): void {
  store.remove(keyOf(scope));
  for (const copy of allCopies<T>(scope))
    if (sameFields(copy.fields, fields)) store.remove(keyOf(scope, copy.page));
}

export function sameFields(a: TextFields, b: TextFields): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? '') !== (b[key] ?? '')) return false;
  return true;
}

/** The demo's reset: every durable text goes. */
export function dropAllTexts(): void {
  store.clear();
}
