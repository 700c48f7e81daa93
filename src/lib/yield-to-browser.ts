/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between: `scheduler.yield()` where the browser has it (the continuation keeps its priority),
 * a zero-delay timeout elsewhere. Start-up work split this way never holds the main thread in one
 * long task (the first screen's blocking-time budget).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  // eslint-disable-next-line no-restricted-globals -- yields a task to the browser, not an app timer
  return new Promise((resolve) => setTimeout(resolve, 0));
}
