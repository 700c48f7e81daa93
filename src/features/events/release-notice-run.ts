import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { eventsApi } from '@/api/events';
import type { Release } from '@/api/events';
import { dialogStore, type DialogStore } from '@/components/ui/dialog/dialog-store';
import type { DialogMap } from '@/components/ui/dialog/dialog-registry';
import { clock } from '@/lib/clock';
import { storage as appStorage, type AppStorage } from '@/lib/storage';
import { env } from '@/config/env';
import {
  acknowledgeRelease,
  noticeStart,
  readRecord,
  RELEASE_NOTICE_KEY,
  unseenReleases,
} from './model/release-notice';

/**
 * The update/acknowledge check of a returning visitor (its own chunk, loaded by
 * `release-notice-start.ts` once the page is idle): read the record (a value that is not one
 * counts as a first visit: the record is written and nothing fetched), fetch the releases,
 * keep those this browser has not been told about, wait until no other dialog is open (login,
 * ban, bind-phone or anything the user opened), and open the `update` dialog. A failed fetch
 * is silent: the check runs again on the next visit.
 */

/** After the last dialog closes, how long the page stays free of dialogs before this opens. */
export const CALM_AFTER_DIALOG_MS = 1000;

export interface ReleaseNoticeRunOptions {
  dialogs?: DialogStore<DialogMap>;
  storage?: AppStorage;
  /** The app's path (without the deploy's base path). */
  pathname?: () => string;
  /** Seconds on the server's clock (the session's clock; the local one before it syncs). */
  nowS?: () => number;
  wait?: (ms: number) => Promise<void>;
}

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** Resolves once no dialog has been open for `calmMs`. */
export async function whenNoDialog(
  dialogs: DialogStore<DialogMap>,
  wait: (ms: number) => Promise<void>,
  calmMs = CALM_AFTER_DIALOG_MS,
): Promise<void> {
  for (;;) {
    if (dialogs.getSnapshot().length > 0) {
      await new Promise<void>((resolve) => {
        const unsubscribe = dialogs.subscribe(() => {
          if (dialogs.getSnapshot().length === 0) {
            unsubscribe();
            resolve();
          }
        });
      });
    }
    await wait(calmMs);
    if (dialogs.getSnapshot().length === 0) return;
  }
}

export type ReleaseNoticeOutcome =
  'shown' | 'none' | 'acknowledgedOnHistory' | 'failed' | 'firstVisit';

export async function runReleaseNotice(
  dispatch: Dispatch,
  options: ReleaseNoticeRunOptions = {},
): Promise<ReleaseNoticeOutcome> {
  const {
    dialogs = dialogStore,
    storage = appStorage,
    pathname = () => location.pathname.slice(env.basePath.length - 1),
    nowS = () => Math.floor(clock.now() / 1000),
    wait = (ms) => new Promise((resolve) => clock.setTimeout(resolve, ms)),
  } = options;
  const start = noticeStart(storage.get<unknown>(RELEASE_NOTICE_KEY), nowS());
  if (start.kind === 'firstVisit') {
    storage.set(RELEASE_NOTICE_KEY, start.record);
    return 'firstVisit';
  }
  const { record } = start;
  const answer = await dispatch(
    eventsApi.endpoints.listReleases.initiate(undefined, { subscribe: false }),
  );
  const releases: Release[] | undefined = answer.data?.data;
  if (!releases) return 'failed';
  if (unseenReleases(releases, record).length === 0) return 'none';
  await whenNoDialog(dialogs, wait);
  // Another tab may have shown and acknowledged it meanwhile.
  const unseen = unseenReleases(releases, readRecord(storage) ?? record);
  const newest = unseen[0];
  if (!newest) return 'none';
  if (pathname() === '/history') {
    // The page itself lists what is new.
    acknowledgeRelease(storage, newest.version, nowS());
    return 'acknowledgedOnHistory';
  }
  dialogs.open('update', { releases: unseen });
  return 'shown';
}
