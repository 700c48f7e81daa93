/**
 * The location state of a leave no unsaved-work guard holds (src/lib/use-leave-guard.ts):
 * `navigateTo(to, { unguarded: true })` after a logout, whose typed text stays kept for the
 * account and is offered after its next login. Its own module: the router frame sets it on
 * every page, the guard's code loads only with the screens that guard.
 */
export const UNGUARDED_LEAVE = Object.freeze({ unguarded: true });

/** Whether a location's state marks an unguarded leave. */
export const isUnguardedLeave = (state: unknown) =>
  (state as { unguarded?: unknown } | null)?.unguarded === true;
