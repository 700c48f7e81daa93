/**
 * Pure state machine for the toast (spec 1 §4 "Toast").
 *
 *   - Only one toast at a time: showing a new one replaces the current one. The view owns the timer
 *     and keys it by toast id, so replacing the toast (new id) clears the old timer.
 *   - Fields: msg; type (default 'success'); duration in ms (default 1500; 0 = stays until replaced
 *     or dismissed); optional icon.
 *   - A toast whose message is empty or only whitespace is not shown: the state is returned as is.
 *   - `dismissToast` only closes the toast it names, so a stale timer from an older toast can never
 *     close a newer one.
 *
 * Functions never mutate their input and return the same state object when nothing changes, so
 * they work as plain reducers and inside Immer / Redux Toolkit reducers.
 */

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export type Toast = {
  id: number;
  msg: string;
  type: ToastType;
  /** ms before it closes itself; 0 = stays until replaced or dismissed. */
  duration: number;
  icon?: string;
};

export type ToastInput = {
  msg: string;
  type?: ToastType;
  /** Default 1500. 0 (or Infinity) = sticky. Negative or NaN falls back to the default. */
  duration?: number;
  icon?: string;
};

export type ToastState = { current: Toast | null; seq: number };

export const TOAST_DEFAULT_DURATION = 1500;
export const TOAST_DEFAULT_TYPE: ToastType = 'success';

export const initialToastState: ToastState = { current: null, seq: 0 };

function normaliseDuration(duration: number | undefined): number {
  if (duration === undefined || Number.isNaN(duration) || duration < 0)
    return TOAST_DEFAULT_DURATION;
  if (duration === Number.POSITIVE_INFINITY) return 0;
  return duration;
}

/** Shows `input` in place of any current toast. A string is shorthand for `{ msg }`. */
export function showToast(state: ToastState, input: ToastInput | string): ToastState {
  const toastInput: ToastInput = typeof input === 'string' ? { msg: input } : input;
  const { msg, type, duration, icon } = toastInput;
  if (typeof msg !== 'string' || msg.trim() === '') return state;

  const id = state.seq + 1;
  const toast: Toast = {
    id,
    msg,
    type: type ?? TOAST_DEFAULT_TYPE,
    duration: normaliseDuration(duration),
  };
  if (icon !== undefined && icon !== '') toast.icon = icon;
  return { current: toast, seq: id };
}

/** Closes the current toast only if it is toast `id`. */
export function dismissToast(state: ToastState, id: number): ToastState {
  if (!state.current || state.current.id !== id) return state;
  return { current: null, seq: state.seq };
}

/** How long the view should wait before dismissing `toast`, or null if it stays. */
export function toastAutoDismissDelay(toast: Toast): number | null {
  return toast.duration > 0 ? toast.duration : null;
}
