/**
 * The update/acknowledge dialog's `pro_` key (`pro_release_seen`, through `lib/storage`). Alone
 * in its module: the start-up part in the main chunk needs only the name (release-record.ts
 * describes the value).
 */
export const RELEASE_NOTICE_KEY = 'release_seen';
