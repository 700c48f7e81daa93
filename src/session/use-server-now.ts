import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { clock } from '@/lib/clock';
import { selectClockOffsetMs, type SessionState } from '@/core/session-slice';

/** The server's now in ms: the device clock plus the time service's offset (spec 2 §4). */
export function serverNowMs(offsetMs: number, localNow: () => number = () => clock.now()): number {
  return localNow() + offsetMs;
}

/**
 * The server's now in seconds, for a screen that judges something by it (a membership's end).
 * `changesAt` are the server times (s) at which the judgement changes: the component renders
 * again when the next of them passes, so a membership that ends while the page is open shows
 * as ended then, without a reload.
 */
export function useServerNowS(changesAt: readonly number[] = []): number {
  const offsetMs = useSelector((s: { session: SessionState }) => selectClockOffsetMs(s));
  const [, setTick] = useState(0);
  const nowS = Math.floor(serverNowMs(offsetMs) / 1000);
  const next = changesAt.filter((t) => t > nowS).sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined) return;
    // Timers are capped near 24.8 days; a later change is reached by rescheduling.
    const wait = Math.min((next - nowS) * 1000 - (serverNowMs(offsetMs) % 1000) + 1, 2 ** 31 - 1);
    const id = clock.setTimeout(() => setTick((n) => n + 1), Math.max(0, wait));
    return () => clock.clearTimeout(id);
  }, [next, nowS, offsetMs]);
  return nowS;
}
