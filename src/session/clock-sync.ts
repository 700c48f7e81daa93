import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { startupApi } from '@/api/account/startup';
import { clockSynced } from '@/core/session-slice';
import { clockOffsetMs, type ServerClock } from './token';

export type LifecycleDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * Spec 2 §4: time comes from the time service (one POST /time, offset corrected by half the
 * round trip); without an answer the local clock stands in. Asked once per lifecycle.
 */
export function createClockSync(
  dispatch: LifecycleDispatch,
  clock: ServerClock,
  localNow: () => number,
): () => Promise<void> {
  let sync: Promise<void> | null = null;
  return () => {
    sync ??= (async () => {
      const sentAt = localNow();
      const result = await dispatch(
        startupApi.endpoints.getServerTime.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      if (!result.data) return;
      const offset = clockOffsetMs(result.data.now_ms, sentAt, localNow());
      clock.setOffset(offset);
      // The same offset for the screens that judge by the server's now (useServerNowS).
      dispatch(clockSynced(offset));
    })();
    return sync;
  };
}
