import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveChapterContentMutation } from '@/api/writing';
import { isApiError, type ApiError } from '@/core/api-error';
import { clock, type TimerId } from '@/lib/clock';
import { deleteDraft, keepDraft, storeDraft, type Draft } from '@/lib/drafts';
import {
  initialSaveState,
  RETRYABLE,
  retryDelayMs,
  saveReducer,
  saveStatus,
  type SaveEvent,
  type SaveFailure,
  type SaveStatus,
} from '../model/save-state';

import { AUTOSAVE_DELAY_MS, DRAFT_DELAY_MS } from '../model/save-timing';

export { AUTOSAVE_DELAY_MS, DRAFT_DELAY_MS };

export interface ChapterSnapshot {
  name: string;
  content: string;
}

function classify(error: unknown): SaveFailure {
  if (!isApiError(error)) return 'server';
  if (error.kind === 'network' || error.kind === 'timeout') return 'network';
  if (error.status === 401) return 'session';
  if (error.code === 40920) return 'conflict';
  if (error.code === 42221) return 'sensitive';
  if (error.code === 42249) return 'limit';
  return 'server';
}

/** The server's copy of the chapter: its text and the version (`updated_at`) it has. */
export interface ServerCopy extends ChapterSnapshot {
  updated_at: number;
}

const same = (a: ChapterSnapshot, b: ChapterSnapshot | null) =>
  b !== null && a.content === b.content && a.name === b.name;

/**
 * Saving a chapter: the local draft in the task of every change, a save 1.5 s after typing
 * stops (and on blur or leaving), retries with back-off for failures that can pass. The
 * draft is removed only once the server holds everything typed. A conflict (40920: the
 * server copy moved on since this text's base) calls `onConflict`; the writer's choice comes
 * back through `rebase`.
 */
export function useChapterSave(options: {
  chapterId: string;
  draftKey: string;
  baseUpdatedAt: number;
  /** The text the server holds at `baseUpdatedAt`, when known (not for an offline draft). */
  serverText: ChapterSnapshot | null;
  read: () => ChapterSnapshot;
  onConflict?: () => void;
}) {
  const { chapterId, draftKey } = options;
  // The machine runs in a ref: an edit on every keystroke must not re-render the screen.
  // Only its visible outcome (status, failure) is React state, which changes a few times.
  const machine = useRef(initialSaveState);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const shown = useRef<{ status: SaveStatus; failure: SaveFailure | null }>({
    status: 'saved',
    failure: null,
  });
  const dispatch = useCallback((event: SaveEvent) => {
    machine.current = saveReducer(machine.current, event);
    const next = { status: saveStatus(machine.current), failure: machine.current.failure };
    // Even a same-value setState can cost a render of the whole screen: only real changes.
    if (next.status !== shown.current.status) setStatus(next.status);
    if (next.failure !== shown.current.failure) setFailure(next.failure);
    shown.current = next;
  }, []);
  const [lastError, setLastError] = useState<ApiError | null>(null);
  const [save] = useSaveChapterContentMutation();

  const read = useRef(options.read);
  const onConflict = useRef(options.onConflict);
  const base = useRef(options.baseUpdatedAt);
  /** What the server holds at `base`: a save of exactly that text is not needed. */
  const held = useRef<ChapterSnapshot | null>(options.serverText);
  /** Counts saves started, so a check of the server copy can tell one happened meanwhile. */
  const epoch = useRef(0);
  const revision = useRef(0);
  const saved = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const attempts = useRef(0);
  const timers = useRef<{ save?: TimerId; draft?: TimerId; retry?: TimerId }>({});
  // The retry timer calls the latest saveNow (which is defined below and calls it back).
  const retry = useRef<() => Promise<boolean>>(() => Promise.resolve(false));

  useEffect(() => {
    read.current = options.read;
    onConflict.current = options.onConflict;
  });

  const draftNow = useCallback(
    (): Draft => ({
      key: draftKey,
      ...read.current(),
      base_updated_at: base.current,
      revision: revision.current,
      changed_at: clock.now(),
    }),
    [draftKey],
  );

  /**
   * The bulk copy (IndexedDB), a moment after the changes and when the page goes away; with
   * it a whole copy in `localStorage`, so that the per-change edits stay a few characters.
   */
  const writeDraft = useCallback(() => {
    clock.clearTimeout(timers.current.draft);
    timers.current.draft = undefined;
    if (revision.current === saved.current) return;
    const draft = draftNow();
    keepDraft(draft, { whole: true });
    void storeDraft(draft);
  }, [draftNow]);

  /**
   * The crash-safe copy, synchronously: a reload or a crash right after this change finds
   * it (written as the edit since the last whole copy, see `keepDraft`). Where
   * `localStorage` refuses it, the bulk copy is started at once instead.
   */
  const keepNow = useCallback(() => {
    if (revision.current === saved.current) return;
    const draft = draftNow();
    if (!keepDraft(draft)) void storeDraft(draft);
  }, [draftNow]);

  const saveNow = useCallback(async (): Promise<boolean> => {
    clock.clearTimeout(timers.current.save);
    clock.clearTimeout(timers.current.retry);
    if (inFlight.current) await inFlight.current;
    const sending = revision.current;
    if (sending === saved.current) return true;
    const snapshot = read.current();
    epoch.current += 1;
    dispatch({ type: 'saveStarted' });
    const attempt = (async () => {
      try {
        if (!same(snapshot, held.current)) {
          const result = await save({
            id: chapterId,
            chapterContentBody: { ...snapshot, base_updated_at: base.current },
          }).unwrap();
          base.current = result.updated_at;
          held.current = snapshot;
        }
        saved.current = Math.max(saved.current, sending);
        attempts.current = 0;
        setLastError(null);
        dispatch({ type: 'saveSucceeded', revision: sending });
        if (saved.current === revision.current) {
          clock.clearTimeout(timers.current.draft);
          timers.current.draft = undefined;
          await deleteDraft(draftKey, { upTo: saved.current });
        } else {
          // Typed during the save: the kept draft now starts from the new server version.
          keepNow();
        }
        return true;
      } catch (error) {
        const failure = classify(error);
        setLastError(isApiError(error) ? error : null);
        dispatch({ type: 'saveFailed', revision: sending, failure });
        keepNow();
        writeDraft();
        if (failure === 'conflict') onConflict.current?.();
        if (RETRYABLE.has(failure)) {
          timers.current.retry = clock.setTimeout(
            () => void retry.current(),
            retryDelayMs(attempts.current++),
          );
        }
        return false;
      }
    })();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      inFlight.current = null;
    }
  }, [chapterId, dispatch, draftKey, keepNow, save, writeDraft]);

  useEffect(() => {
    retry.current = saveNow;
  }, [saveNow]);

  const edited = useCallback(() => {
    revision.current += 1;
    dispatch({ type: 'edited' });
    keepNow();
    clock.clearTimeout(timers.current.save);
    timers.current.save = clock.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    if (timers.current.draft === undefined)
      timers.current.draft = clock.setTimeout(writeDraft, DRAFT_DELAY_MS);
  }, [dispatch, keepNow, saveNow, writeDraft]);

  /**
   * The text now continues from this server copy (the writer resolved a conflict, or the
   * chapter changed elsewhere while nothing here was unsaved): later saves carry its version,
   * and a save of exactly its text is not sent.
   */
  const rebase = useCallback((server: ServerCopy) => {
    base.current = server.updated_at;
    held.current = { name: server.name, content: server.content };
  }, []);

  /** The server version this text is based on. */
  const baseNow = useCallback(() => base.current, []);
  /** Saves started so far: a check of the server copy ignores what it read across a save. */
  const savesStarted = useCallback(() => epoch.current, []);
  const isSaving = useCallback(() => inFlight.current !== null, []);

  /** Forget local changes (the writer chose to leave without saving). */
  const discard = useCallback(async () => {
    clock.clearTimeout(timers.current.save);
    clock.clearTimeout(timers.current.draft);
    clock.clearTimeout(timers.current.retry);
    saved.current = revision.current;
    await deleteDraft(draftKey, { upTo: saved.current });
  }, [draftKey]);

  useEffect(() => {
    const flush = () => {
      if (revision.current !== saved.current) {
        keepNow();
        writeDraft();
      }
    };
    const onOnline = () => {
      if (revision.current !== saved.current) void saveNow();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onHidden);
    const pending = timers.current;
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onHidden);
      clock.clearTimeout(pending.save);
      clock.clearTimeout(pending.retry);
      flush();
    };
  }, [keepNow, saveNow, writeDraft]);

  /** Unsaved right now (refs, not the last render): what a navigation must check. */
  const isDirtyNow = useCallback(() => revision.current !== saved.current, []);

  return {
    status,
    failure,
    dirty: status !== 'saved',
    isDirtyNow,
    lastError,
    edited,
    saveNow,
    discard,
    rebase,
    baseNow,
    savesStarted,
    isSaving,
  };
}
