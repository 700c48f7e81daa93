import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveChapterContentMutation } from '@/api/writing';
import { isApiError, type ApiError } from '@/api/api-error';
import { deleteDraft, saveDraft } from '@/lib/drafts';
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

/** Spec: autosave after typing stops. */
export const AUTOSAVE_DELAY_MS = 1500;
/** The local draft follows typing closely, without writing on every keystroke. */
export const DRAFT_DELAY_MS = 250;

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

/**
 * Saving a chapter: a local draft shortly after every change, a save 1.5 s after typing
 * stops (and on blur or leaving), retries with back-off for failures that can pass. The
 * draft is removed only once the server holds everything typed.
 */
export function useChapterSave(options: {
  chapterId: string;
  draftKey: string;
  baseUpdatedAt: number;
  read: () => ChapterSnapshot;
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
  const base = useRef(options.baseUpdatedAt);
  const revision = useRef(0);
  const saved = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const attempts = useRef(0);
  const timers = useRef<{ save?: number; draft?: number; retry?: number }>({});
  // The retry timer calls the latest saveNow (which is defined below and calls it back).
  const retry = useRef<() => Promise<boolean>>(() => Promise.resolve(false));

  useEffect(() => {
    read.current = options.read;
  });

  const writeDraft = useCallback(() => {
    window.clearTimeout(timers.current.draft);
    timers.current.draft = undefined;
    if (revision.current === saved.current) return;
    void saveDraft({
      key: draftKey,
      ...read.current(),
      base_updated_at: base.current,
      changed_at: Date.now(),
    });
  }, [draftKey]);

  const saveNow = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timers.current.save);
    window.clearTimeout(timers.current.retry);
    if (inFlight.current) await inFlight.current;
    const sending = revision.current;
    if (sending === saved.current) return true;
    const snapshot = read.current();
    dispatch({ type: 'saveStarted' });
    const attempt = (async () => {
      try {
        const result = await save({
          id: chapterId,
          chapterContentBody: { ...snapshot, base_updated_at: base.current },
        }).unwrap();
        base.current = result.updated_at;
        saved.current = Math.max(saved.current, sending);
        attempts.current = 0;
        setLastError(null);
        dispatch({ type: 'saveSucceeded', revision: sending });
        if (saved.current === revision.current) {
          window.clearTimeout(timers.current.draft);
          await deleteDraft(draftKey);
        }
        return true;
      } catch (error) {
        const failure = classify(error);
        setLastError(isApiError(error) ? error : null);
        dispatch({ type: 'saveFailed', revision: sending, failure });
        writeDraft();
        if (RETRYABLE.has(failure)) {
          timers.current.retry = window.setTimeout(
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
  }, [chapterId, dispatch, draftKey, save, writeDraft]);

  useEffect(() => {
    retry.current = saveNow;
  }, [saveNow]);

  const edited = useCallback(() => {
    revision.current += 1;
    dispatch({ type: 'edited' });
    window.clearTimeout(timers.current.save);
    timers.current.save = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    if (timers.current.draft === undefined)
      timers.current.draft = window.setTimeout(writeDraft, DRAFT_DELAY_MS);
  }, [dispatch, saveNow, writeDraft]);

  /** Forget local changes (the writer chose to leave without saving). */
  const discard = useCallback(async () => {
    window.clearTimeout(timers.current.save);
    window.clearTimeout(timers.current.draft);
    window.clearTimeout(timers.current.retry);
    saved.current = revision.current;
    await deleteDraft(draftKey);
  }, [draftKey]);

  useEffect(() => {
    const flush = () => {
      if (revision.current !== saved.current) writeDraft();
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
      window.clearTimeout(pending.save);
      window.clearTimeout(pending.retry);
      flush();
    };
  }, [saveNow, writeDraft]);

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
  };
}
