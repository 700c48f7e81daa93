import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { writingApi } from '@/api/writing';
import { clock } from '@/lib/clock';
import type { ChapterVersion } from '@/lib/conflict';
import type { ChapterSnapshot, ServerCopy } from './use-chapter-save';

import { WATCH_INTERVAL_MS } from '../model/save-timing';

export { WATCH_INTERVAL_MS };

const same = (a: ChapterSnapshot, b: ChapterSnapshot) =>
  a.content === b.content && a.name === b.name;

export interface OpenConflict {
  mine: ChapterVersion;
  theirs: ServerCopy;
}

/**
 * Notices when the chapter changed elsewhere while it is open (another device or tab
 * saved): after a save's conflict (40920), every 10 s while the page is visible, when the
 * window regains focus or the page becomes visible, and when the network comes back. A
 * server version other than this text's base, with nothing unsaved here, is taken in
 * (`adopt`); with unsaved text here, both versions go to the writer (`conflict`).
 */
export function useServerCopy(options: {
  chapterId: string;
  read: () => ChapterSnapshot;
  save: {
    baseNow: () => number;
    savesStarted: () => number;
    isSaving: () => boolean;
    isDirtyNow: () => boolean;
    rebase: (server: ServerCopy) => void;
  };
  adopt: (server: ServerCopy) => void;
}) {
  const { chapterId } = options;
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [conflict, setConflict] = useState<OpenConflict | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const open = useRef(false);
  const checking = useRef(false);
  const conflictWaiting = useRef(false);
  /** A watch (focus, visibility, network, the interval) came while a check was on its way. */
  const watchWaiting = useRef(false);

  const check = useCallback(
    async (afterConflict: boolean): Promise<void> => {
      if (open.current) return;
      if (checking.current) {
        // A watch check is on its way; a save's conflict must not be lost behind it.
        // Nor a watch: the check on its way may have read the chapter before this change.
        if (afterConflict) conflictWaiting.current = true;
        else watchWaiting.current = true;
        return;
      }
      const { save } = latest.current;
      if (!afterConflict && save.isSaving()) return;
      checking.current = true;
      try {
        const epoch = save.savesStarted();
        const request = dispatch(
          writingApi.endpoints.getChapterContent.initiate(
            { id: chapterId },
            { subscribe: false, forceRefetch: true },
          ),
        );
        const server = (await request).data;
        if (!server || open.current) return;
        // A save of ours ran meanwhile: this read may predate it; the next check decides.
        if (!afterConflict && (save.savesStarted() !== epoch || save.isSaving())) return;
        if (server.updated_at === save.baseNow()) return;
        const copy: ServerCopy = {
          name: server.name,
          content: server.content,
          updated_at: server.updated_at,
        };
        const mine = latest.current.read();
        if (same(mine, copy)) {
          save.rebase(copy);
          return;
        }
        if (!save.isDirtyNow()) {
          latest.current.adopt(copy);
          return;
        }
        open.current = true;
        setConflict({ mine, theirs: copy });
      } finally {
        checking.current = false;
        if (conflictWaiting.current) {
          conflictWaiting.current = false;
          watchWaiting.current = false;
          void check(true);
        } else if (watchWaiting.current) {
          watchWaiting.current = false;
          void check(false);
        }
      }
    },
    [chapterId, dispatch],
  );

  useEffect(() => {
    const watch = () => {
      if (document.visibilityState === 'visible') void check(false);
    };
    const timer = clock.setInterval(watch, WATCH_INTERVAL_MS);
    window.addEventListener('focus', watch);
    window.addEventListener('online', watch);
    document.addEventListener('visibilitychange', watch);
    return () => {
      clock.clearInterval(timer);
      window.removeEventListener('focus', watch);
      window.removeEventListener('online', watch);
      document.removeEventListener('visibilitychange', watch);
    };
  }, [check]);

  const onConflict = useCallback(() => void check(true), [check]);
  const closeConflict = useCallback(() => {
    open.current = false;
    setConflict(null);
  }, []);

  return { conflict, onConflict, closeConflict };
}
