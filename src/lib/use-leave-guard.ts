import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { isUnguardedLeave } from './leave-state';

/**
 * The leave guard of a screen with unsaved work (the chapter editor, the world editor;
 * spec 1 §2): in-app navigation to another page (path or query) is held by the router's
 * blocker, for the caller's own prompt to `proceed()` or `reset()`; closing or reloading the
 * tab gets the browser's beforeunload prompt.
 *
 * `dirty` is the unsaved state as rendered. A screen that keeps it in refs (the editor, which
 * does not render per keystroke) passes `isDirtyNow` as well, read at the moment of
 * navigation, so a keystroke just before a click is not lost.
 */
export function useLeaveGuard(dirty: boolean, isDirtyNow?: () => boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !isUnguardedLeave(nextLocation.state) &&
      (isDirtyNow ? isDirtyNow() : dirty) &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useUnloadPrompt(dirty);
  return blocker;
}

/**
 * Closing or reloading the tab while `dirty` gets the browser's beforeunload prompt: the leave
 * guard's half that needs no router. `dirty` may be a function, read at the moment the tab is
 * left (the dialog's unsaved state lives in refs: `Dialog` asks it for every dialog with text).
 */
export function useUnloadPrompt(dirty: boolean | (() => boolean)): void {
  const reads = typeof dirty === 'function';
  const check = useRef(dirty);
  useEffect(() => {
    check.current = dirty;
  });
  useEffect(() => {
    if (!reads && !dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const now = check.current;
      if (!(typeof now === 'function' ? now() : now)) return;
      event.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [reads, dirty]);
}
