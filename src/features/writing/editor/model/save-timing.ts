/** Spec: autosave after typing stops. */
export const AUTOSAVE_DELAY_MS = 1500;
/**
 * The bulk copy of the draft (IndexedDB) follows typing without writing on every keystroke;
 * the crash-safe copy (`localStorage`) is written in the task of each change.
 */
export const DRAFT_DELAY_MS = 250;
/** How often the open chapter's server copy is checked while the page is visible. */
export const WATCH_INTERVAL_MS = 10_000;
