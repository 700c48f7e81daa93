import { env } from '@/config/env';
import { storage as appStorage, type AppStorage } from '@/lib/storage';
import { noticeStart, RELEASE_NOTICE_KEY, type ReleaseNoticeRecord } from './model/release-record';

/**
 * The start of the update/acknowledge check, the only part in the main chunk (a few hundred
 * bytes). After the start-up outcome is known it reads `pro_release_seen`: on a first-ever
 * visit it writes the arrival time and stops (no request, no code loaded); otherwise, once the
 * page is idle and not on a screen where a dialog would interrupt, it loads the check
 * (`release-notice-run.ts`, its own chunk) which fetches the releases and may open the dialog.
 */

/** Wait after the start-up outcome: the login that an ended session opens comes 500 ms later. */
export const NOTICE_DELAY_MS = 2000;
/** How often a quiet screen is looked at again. */
export const QUIET_RECHECK_MS = 3000;

/**
 * Screens a dialog must not interrupt: the writer typing in the editor or in the chat would
 * have their keys taken by it, and the mobile download page is a landing page. The check waits
 * until the user is elsewhere.
 */
const QUIET_SCREENS = /^\/(editor|exploration|yjin\/chat|m\/download)(\/|$)/;

/** The app's path of a location path (without the deploy's base path). */
export function appPath(pathname: string, basePath: string = env.basePath): string {
  const base = basePath.replace(/\/$/, '');
  return base && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

export function isQuietScreen(path: string): boolean {
  return QUIET_SCREENS.test(path);
}

export interface ReleaseNoticeStartOptions {
  /** The session's start-up outcome: the check never races the login, ban or bind-phone. */
  ready: Promise<unknown>;
  /** Seconds on the server's clock (the session's clock; the local one before it syncs). */
  nowS: () => number;
  /** Loads and runs the check for a returning visitor. */
  check: (record: ReleaseNoticeRecord) => void;
  storage?: AppStorage;
  pathname?: () => string;
  delay?: (ms: number, run: () => void) => void;
  idle?: (run: () => void) => void;
}

const defaultIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
};

export async function startReleaseNotice(options: ReleaseNoticeStartOptions): Promise<void> {
  const {
    ready,
    nowS,
    check,
    storage = appStorage,
    pathname = () => appPath(location.pathname),
    delay = (ms, run) => void setTimeout(run, ms),
    idle = defaultIdle,
  } = options;
  await ready.catch(() => undefined);
  const start = noticeStart(storage.get<unknown>(RELEASE_NOTICE_KEY), nowS());
  if (start.kind === 'firstVisit') {
    storage.set(RELEASE_NOTICE_KEY, start.record);
    return;
  }
  const whenCalm = () =>
    idle(() => {
      if (isQuietScreen(pathname())) delay(QUIET_RECHECK_MS, whenCalm);
      else check(start.record);
    });
  delay(NOTICE_DELAY_MS, whenCalm);
}
