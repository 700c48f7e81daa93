import { clock as appClock, type TimerId } from '@/lib/clock';
import type { SocketClient } from '@/lib/socket';
import { sessionOf } from '@/core/headers';
import { refreshSession, type SessionStore } from '@/core/refresh';
import { sessionEnded } from '@/core/session-slice';
import { msUntilRefreshDue, tokenAction, type ServerClock } from './token';

/** After a refresh that could not reach the server: 5 s, doubling, at most 5 minutes. */
export const REFRESH_RETRY_BASE_MS = 5000;
export const REFRESH_RETRY_MAX_MS = 300_000;

export function refreshRetryDelayMs(failures: number): number {
  return Math.min(REFRESH_RETRY_MAX_MS, REFRESH_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export interface TokenTimer {
  /** Spec 2 §4: invalid → socket closed and logged out; under 86400 s left → refresh. */
  check(): Promise<void>;
  /** Sleeps until the token is due (at most `maxTimerMs`), or the retry back-off. */
  schedule(): void;
  /** A refresh succeeded elsewhere: the back-off is over. */
  refreshed(): void;
  /** A refresh made elsewhere (start-up) could not reach the server: back off before the next. */
  unreachable(): void;
  cancel(): void;
}

export function createTokenTimer(options: {
  store: SessionStore;
  clock: ServerClock;
  socket: SocketClient | null;
  maxTimerMs: number;
  isStopped: () => boolean;
}): TokenTimer {
  const { store, clock, socket, maxTimerMs, isStopped } = options;
  const session = () => sessionOf(store.getState);
  let timer: TimerId | null = null;
  let failures = 0;

  function cancel() {
    if (timer !== null) appClock.clearTimeout(timer);
    timer = null;
  }

  function schedule() {
    cancel();
    if (isStopped()) return;
    const due = msUntilRefreshDue(session().accessToken, clock.nowS());
    if (due === null) return;
    const wait = failures > 0 ? Math.max(due, refreshRetryDelayMs(failures)) : due;
    timer = appClock.setTimeout(() => void check(), Math.min(wait, maxTimerMs));
  }

  async function check(): Promise<void> {
    const s = session();
    if (isStopped() || !s.accessToken) return;
    const action = tokenAction(s.accessToken, clock.nowS());
    if (action === 'logout') {
      socket?.close();
      store.dispatch(sessionEnded('expired'));
      return;
    }
    if (action === 'refresh') {
      const result = await refreshSession(store);
      // Refused: the refresh path has ended the session.
      if (result.outcome === 'refused') return;
      // Unreachable: the token is still valid; keep the session and try again later.
      failures = result.outcome === 'unreachable' ? failures + 1 : 0;
    }
    schedule();
  }

  return {
    check,
    schedule,
    refreshed() {
      failures = 0;
      schedule();
    },
    unreachable() {
      failures += 1;
    },
    cancel,
  };
}
