import { clock } from '@/lib/clock';
import { STORAGE_KEYS, type AppStorage } from '@/lib/storage';

/**
 * The retention pop-up (spec 2 §2): two stages, stored locally. The first stage (the offer)
 * shows once per session on the Novels page when a promotional product exists; closing it
 * without buying moves to the second stage (a last reminder of what is given up); leaving that
 * closes the pop-up and shows the retention tip for 5 s. The check-in tip (today's allowance
 * not yet claimed) shows once per session for 5 s; its session key is cleared after 1 h.
 */

/** Spec 2 §9: the tips show for 5 s. */
export const TIP_MS = 5000;
/** Spec 2 §9: the check-in session key is cleared after 1 h. */
export const CHECKIN_KEY_TTL_MS = 3600_000;
/** The check-in tip's session key (under the `pro_` prefix). */
export const CHECKIN_TIP_KEY = 'checkin_tip';

export type RetentionStage = 1 | 2;

/** What `pro_retention_popup` holds: the session it was shown in and the stage it reached. */
export interface RetentionRecord {
  session: string;
  stage: RetentionStage;
}

function readRecord(storage: AppStorage): RetentionRecord | null {
  const value = storage.get<unknown>(STORAGE_KEYS.retentionPopup);
  if (typeof value !== 'object' || value === null) return null;
  const { session, stage } = value as Partial<RetentionRecord>;
  if (typeof session !== 'string' || (stage !== 1 && stage !== 2)) return null;
  return { session, stage };
}

/** Whether the pop-up is due: a promotion exists and this session has not shown it yet. */
export function retentionDue(storage: AppStorage, session: string, hasOffer: boolean): boolean {
  if (!hasOffer) return false;
  return readRecord(storage)?.session !== session;
}

/** Records the stage the pop-up reached in this session. */
export function recordRetentionStage(storage: AppStorage, session: string, stage: RetentionStage) {
  storage.set<RetentionRecord>(STORAGE_KEYS.retentionPopup, { session, stage });
}

export function retentionStageOf(storage: AppStorage): RetentionStage | null {
  return readRecord(storage)?.stage ?? null;
}

/** The pop-up's own steps. */
export type RetentionStep = 'offer' | 'confirm' | 'done';

export function nextRetentionStep(step: RetentionStep, action: 'close' | 'leave' | 'buy') {
  if (action === 'buy') return 'done';
  if (step === 'offer' && action === 'close') return 'confirm';
  return 'done';
}

/** Whether the check-in tip is due: the allowance is unclaimed and the key is not set. */
export function checkinTipDue(storage: AppStorage, claimed: boolean): boolean {
  return !claimed && storage.get<boolean>(CHECKIN_TIP_KEY) === null;
}

/** Marks the check-in tip shown; the key clears itself after an hour. */
export function markCheckinTip(storage: AppStorage) {
  storage.set(CHECKIN_TIP_KEY, true, { ttlMs: CHECKIN_KEY_TTL_MS });
}

/**
 * A tip shown for `TIP_MS`: `show` now, `hide` after the delay; the returned function cancels
 * (a tip whose owner unmounts must not fire later).
 */
export function runTip(show: () => void, hide: () => void, ms = TIP_MS): () => void {
  show();
  const timer = clock.setTimeout(hide, ms);
  return () => clock.clearTimeout(timer);
}

/** This browser tab's session id (sessionStorage, so a reload keeps it and a new tab does not). */
const SESSION_ID_KEY = 'pro_tab_session';
let memorySession: string | null = null;

export function tabSessionId(): string {
  try {
    const found = globalThis.sessionStorage?.getItem(SESSION_ID_KEY);
    if (found) return found;
    const id = Math.random().toString(36).slice(2);
    globalThis.sessionStorage?.setItem(SESSION_ID_KEY, id);
    return id;
  } catch {
    memorySession ??= Math.random().toString(36).slice(2);
    return memorySession;
  }
}
