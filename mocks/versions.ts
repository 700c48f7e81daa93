import { clock } from './clock';
import { fail } from './http';

/**
 * Versions of edited objects (`updated_at`): strictly increasing, so two saves within one
 * second (or millisecond) still differ and a second tab's older base is always detected.
 */
export const nextVersionS = (previous: number) => Math.max(clock.nowS(), previous + 1);
export const nextVersionMs = (previous: number) => Math.max(clock.nowMs(), previous + 1);

/**
 * An edit's precondition: based on an older version than the server's (`base_updated_at` <
 * `updated_at`) is a conflict, 40920, answered with the object as the server now has it.
 * An edit that names no base is not checked.
 */
export function checkBase(
  base: number | undefined,
  current: number,
  what: string,
  now: unknown,
): void {
  if (base !== undefined && base < current) fail(40920, `${what} changed elsewhere`, now);
}
