import type { AppStorage } from '@/lib/storage';
import { parseRecord, RELEASE_NOTICE_KEY, type ReleaseNoticeRecord } from './release-record';

export {
  firstVisitRecord,
  noticeStart,
  parseRecord,
  RELEASE_NOTICE_KEY,
  type NoticeStart,
  type ReleaseNoticeRecord,
} from './release-record';

/**
 * The update/acknowledge dialog's memory (spec 1 §2 names the dialog; what it remembers is
 * ours): one `pro_` key holding the newest version this browser acknowledged and when it first
 * came here. Pure functions over that record; the storage calls take the store as an argument.
 */

/** The part of a release the notice looks at (the contract's `Release` fits). */
export interface ReleaseLike {
  version: string;
  released_at: number;
}

/** The record after acknowledging `version` (the first-visit time is kept). */
export function acknowledgedRecord(
  record: ReleaseNoticeRecord | null,
  version: string,
  nowS: number,
): ReleaseNoticeRecord {
  return { version, since: record?.since ?? nowS };
}

/**
 * Orders versions like "3.10.0" > "3.9.2" > "3.9" (numeric parts compared as numbers, a
 * missing part counts as 0); parts that are not numbers compare as text, and a version with a
 * suffix ("3.0.0-beta") comes before the same version without one.
 */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', suffixA] = splitSuffix(a.trim().replace(/^v/i, ''));
  const [coreB = '', suffixB] = splitSuffix(b.trim().replace(/^v/i, ''));
  const partsA = coreA.split('.');
  const partsB = coreB.split('.');
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i += 1) {
    const diff = comparePart(partsA[i] ?? '0', partsB[i] ?? '0');
    if (diff !== 0) return diff;
  }
  if (suffixA === suffixB) return 0;
  if (suffixA === undefined) return 1;
  if (suffixB === undefined) return -1;
  return suffixA < suffixB ? -1 : 1;
}

function splitSuffix(v: string): [string, string | undefined] {
  const dash = v.indexOf('-');
  return dash < 0 ? [v, undefined] : [v.slice(0, dash), v.slice(dash + 1)];
}

function comparePart(a: string, b: string): number {
  const isNumA = /^\d+$/.test(a);
  const isNumB = /^\d+$/.test(b);
  if (isNumA && isNumB) return Math.sign(Number(a) - Number(b));
  if (isNumA !== isNumB) return isNumA ? 1 : -1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Releases newest first, by version (the API's order is not relied on). */
export function newestFirst<R extends ReleaseLike>(releases: readonly R[]): R[] {
  return [...releases].sort((x, y) => compareVersions(y.version, x.version));
}

/**
 * The releases this browser has not been told about, newest first; empty when there is
 * nothing to show. With a version acknowledged: the releases above it. Before any
 * acknowledgement: the releases published after the first visit.
 */
export function unseenReleases<R extends ReleaseLike>(
  releases: readonly R[],
  record: ReleaseNoticeRecord,
): R[] {
  const acknowledged = record.version;
  return newestFirst(releases).filter((r) =>
    acknowledged !== null
      ? compareVersions(r.version, acknowledged) > 0
      : r.released_at > record.since,
  );
}

export function readRecord(store: AppStorage): ReleaseNoticeRecord | null {
  return parseRecord(store.get<unknown>(RELEASE_NOTICE_KEY));
}

/** Writes the acknowledgement of `version` (never moving back to an older version). */
export function acknowledgeRelease(store: AppStorage, version: string, nowS: number): void {
  const record = readRecord(store);
  if (record?.version && compareVersions(record.version, version) >= 0) return;
  store.set(RELEASE_NOTICE_KEY, acknowledgedRecord(record, version, nowS));
}
