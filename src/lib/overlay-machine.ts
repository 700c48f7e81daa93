/**
 * Pure state machine for the full-screen loading overlay (spec 1 §2): optional text and a style
 * type; only one at a time — opening a new overlay replaces the current one.
 *
 * Each open gets a fresh id. `closeOverlay` closes only the overlay it names, so an older caller
 * that finishes late cannot close a newer overlay.
 *
 * Functions never mutate their input and return the same state object when nothing changes.
 */

export type OverlayStyleType = 'default' | 'red' | 'write';

export type Overlay = {
  id: number;
  /** Omitted when no (or empty) text was given. */
  text?: string;
  styleType: OverlayStyleType;
};

export type OverlayInput = { text?: string; styleType?: OverlayStyleType };

export type OverlayState = { current: Overlay | null; seq: number };

export const initialOverlayState: OverlayState = { current: null, seq: 0 };

/** Opens an overlay in place of any current one; the new id is `result.current.id` (= `result.seq`). */
export function openOverlay(state: OverlayState, input: OverlayInput = {}): OverlayState {
  const id = state.seq + 1;
  const overlay: Overlay = { id, styleType: input.styleType ?? 'default' };
  if (input.text !== undefined && input.text !== '') overlay.text = input.text;
  return { current: overlay, seq: id };
}

/** Closes the current overlay only if it is overlay `id`. */
export function closeOverlay(state: OverlayState, id: number): OverlayState {
  if (!state.current || state.current.id !== id) return state;
  return { current: null, seq: state.seq };
}
