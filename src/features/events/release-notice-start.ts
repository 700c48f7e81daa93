import { env } from '@/config/env';
import { clock } from '@/lib/clock';
import { storage } from '@/lib/storage';
import { RELEASE_NOTICE_KEY } from './model/release-key';

/**
 * The start of the update/acknowledge check: the only part in the main chunk, so it stays a
 * few lines (≈0.2 KB gzip). Once the start-up outcome is known (the login, ban or bind-phone
 * dialogs it may open come first): a first-ever visit (nothing stored) writes its arrival
 * time and stops — no request, no code loaded; a returning visit waits, then for an idle
 * moment on a screen a dialog may interrupt, and calls `check`, which loads
 * `release-notice-run.ts` (its own chunk: it reads the record, fetches the releases and may
 * open the dialog).
 */

/** The wait before the check, and between looks while on a quiet screen. */
export const NOTICE_DELAY_MS = 3000;

/**
 * Screens a dialog must not interrupt: the editor and the exploration chat (it would take the
 * writer's keys) and the mobile download page (a landing page). Matched on the app's path.
 */
export const QUIET_SCREENS = /^\/(editor|exploration|yjin\/chat|m\/download)(\/|$)/;

export function startReleaseNotice(
  ready: Promise<unknown>,
  nowS: () => number,
  check: () => void,
): void {
  const look = () => {
    // The base path ends with '/': what follows its last character is the app's path.
    if (QUIET_SCREENS.test(location.pathname.slice(env.basePath.length - 1))) later();
    else check();
  };
  const later = () =>
    clock.setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(look, { timeout: 3000 });
      else look();
    }, NOTICE_DELAY_MS);
  void ready
    .catch(() => undefined)
    .then(() => {
      if (storage.get(RELEASE_NOTICE_KEY) === null)
        storage.set(RELEASE_NOTICE_KEY, { version: null, since: nowS() });
      else later();
    });
}
