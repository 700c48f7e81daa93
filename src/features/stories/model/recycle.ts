/**
 * Days a deleted story stays in the recycle bin (the spec leaves the number open; the mock
 * backend uses the same). The bin shows the server's remaining_days for each story.
 */
export const RECYCLE_RETENTION_DAYS = 30;
