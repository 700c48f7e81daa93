/**
 * What the update/acknowledge dialog remembers in this browser under `pro_release_seen`, and
 * what a visit is (first-ever or returning) by it. See release-notice.ts for the rules.
 */

export { RELEASE_NOTICE_KEY } from './release-key';

export interface ReleaseNoticeRecord {
  /** The newest version acknowledged here; null until the first acknowledgement. */
  version: string | null;
  /**
   * When this browser first came (server seconds when known). Until a version is acknowledged,
   * only releases after this moment are news: a first-ever visitor is not greeted by notes
   * about a product they have never used.
   */
  since: number;
}

/** A stored value as a record, or null when missing or not one of ours (then: a first visit). */
export function parseRecord(value: unknown): ReleaseNoticeRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, since } = value as Record<string, unknown>;
  if (typeof since !== 'number' || !Number.isFinite(since)) return null;
  if (version !== null && typeof version !== 'string') return null;
  return { version, since };
}

/** The record a first-ever visit writes: nothing acknowledged, news from now on. */
export function firstVisitRecord(nowS: number): ReleaseNoticeRecord {
  return { version: null, since: nowS };
}

/** What start-up does before anything is fetched. */
export type NoticeStart =
  /** A first-ever visit: `record` is written, nothing is fetched or shown. */
  | { kind: 'firstVisit'; record: ReleaseNoticeRecord }
  /** A returning visit: the releases are fetched (lazily) and compared with `record`. */
  | { kind: 'check'; record: ReleaseNoticeRecord };

export function noticeStart(stored: unknown, nowS: number): NoticeStart {
  const record = parseRecord(stored);
  return record
    ? { kind: 'check', record }
    : { kind: 'firstVisit', record: firstVisitRecord(nowS) };
}
