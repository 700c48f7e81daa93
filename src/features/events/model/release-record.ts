/**
 * What the update/acknowledge dialog remembers in this browser (see release-notice.ts), and the
 * decision start-up makes from it before anything is fetched. Kept apart from the comparison
 * rules: this part is in the main chunk (release-notice-start.ts), the rest loads with the check.
 */

/** Stored as `pro_release_seen`. */
export const RELEASE_NOTICE_KEY = 'release_seen';

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
