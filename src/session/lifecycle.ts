import { addListener } from '@reduxjs/toolkit';
import { clock as appClock, sleep } from '@/lib/clock';
import type { SocketClient } from '@/lib/socket';
import { createClockSync, type LifecycleDispatch } from './clock-sync';
import { banEnded, loginCompleted } from './events';
import { sessionOf } from '@/core/headers';
import { createSessionSocket } from './session-socket';
import { credentialsReceived, sessionEnded, tokensRefreshed } from '@/core/session-slice';
import { createStartup } from './startup-run';
import { LOGIN_EVENT_DELAY_MS, type StartupOutcome } from './startup-outcome';
import { createTokenTimer } from './token-timer';
import { createServerClock, type ServerClock } from './token';

/**
 * The session's life after the store exists (spec 2 §4): the start-up outcome
 * (startup-run.ts), the token timer (token-timer.ts), the socket (session-socket.ts) and the
 * login event. Started once by main.tsx (and by tests with their own store); its listeners
 * are attached here with `addListener`, so a store that never starts it (most tests,
 * Storybook) has no timer and no socket. The store's own session listeners (persistence,
 * last login, the end of a session) are in listeners.ts.
 */

interface StoreLike {
  dispatch: LifecycleDispatch;
  getState: () => unknown;
}

export interface SessionLifecycleOptions {
  /** The socket, or null for none; by default the real one on /ws/v2. */
  socket?: SocketClient | null;
  localNow?: () => number;
  /** Longest sleep of the token timer (a sleeping laptop wakes timers late). */
  maxTimerMs?: number;
}

export interface SessionLifecycle {
  /** The start-up outcome. */
  ready: Promise<StartupOutcome>;
  clock: ServerClock;
  socket: SocketClient | null;
  /** Checks the token now (the timer's and the visibility handler's work). */
  checkToken(): Promise<void>;
  stop(): void;
}

const HOUR_MS = 3600_000;

export function startSessionLifecycle(
  store: StoreLike,
  options: SessionLifecycleOptions = {},
): SessionLifecycle {
  const localNow = options.localNow ?? (() => appClock.now());
  const clock = createServerClock(localNow);
  const { dispatch } = store;
  let stopped = false;
  const isStopped = () => stopped;

  const socket = options.socket === undefined ? createSessionSocket(store, clock) : options.socket;
  const timer = createTokenTimer({
    store,
    clock,
    socket,
    maxTimerMs: options.maxTimerMs ?? HOUR_MS,
    isStopped,
  });
  const syncClock = createClockSync(dispatch, clock, localNow);
  const resolve = createStartup({ store, clock, syncClock, socket, timer, isStopped });

  // dispatch(addListener(...)) answers the listener's unsubscribe function.
  const unsubscribers = [
    addListener({
      actionCreator: tokensRefreshed,
      effect() {
        // Spec 2 §4: the socket reconnects after a refresh.
        if (socket && socket.state() !== 'idle') socket.reconnect();
        timer.refreshed();
      },
    }),
    addListener({
      actionCreator: sessionEnded,
      effect() {
        socket?.close();
        timer.cancel();
      },
    }),
    addListener({
      actionCreator: credentialsReceived,
      async effect(action, api) {
        const { uid } = action.payload;
        const outcome = resolve();
        await api.pause(sleep(LOGIN_EVENT_DELAY_MS));
        if ((await outcome) === 'shut') return;
        if (sessionOf(store.getState).uid === uid) dispatch(loginCompleted({ uid }));
      },
    }),
    addListener({ actionCreator: banEnded, effect: () => void resolve() }),
  ].map((listener) => dispatch(listener) as unknown as () => void);

  const onVisible = () => {
    if (document.visibilityState === 'visible') void timer.check();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  return {
    ready: resolve(),
    clock,
    socket,
    checkToken: timer.check,
    stop() {
      stopped = true;
      timer.cancel();
      socket?.close();
      for (const unsubscribe of unsubscribers) unsubscribe();
      if (typeof document !== 'undefined')
        document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
