import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Scroll-to-bottom behaviour (spec 1 §2, §4 "load more on scrolling within 50 px of the bottom").
 *
 * Calls `onReachBottom` when `scrollHeight - scrollTop - clientHeight <= distance` for the element
 * in `ref`:
 *   - checked on every scroll (passive listener), once after the element is attached / the hook is
 *     (re-)enabled, whenever the box changes size (ResizeObserver when available) and in the frame
 *     after the content changes (MutationObserver on the subtree) — so a short list that doesn't
 *     fill the box keeps asking for more until it does;
 *   - fires at most once per reach: it re-arms when the user scrolls back above the threshold or
 *     when `scrollHeight` differs from its value when the callback last fired (content was added or
 *     replaced). If a load adds nothing, the callback is not called again until one of those
 *     happens, so an exhausted list cannot loop.
 *
 * Callers should still guard the callback with their own loading / has-more flags (or pass
 * `enabled: false` while loading); re-enabling does not re-arm on its own.
 *
 * The element may appear after the first render (conditional rendering); the hook attaches to
 * whatever `ref.current` is after each commit.
 */
export type ScrollToBottomOptions = {
  /** Distance from the end, in px, that counts as "at the bottom". Default 50. */
  distance?: number;
  /** When false nothing is observed and the callback is never called. Default true. */
  enabled?: boolean;
  /**
   * Check again whenever the content changes (a MutationObserver on the subtree). Default true.
   * A windowed list swaps rows on every scroll step, and each check then forces a layout in the
   * middle of the render; such a list passes false when its content grows only with a load that
   * it gates with `enabled` (re-enabling checks once, and sees the new height).
   */
  watchContent?: boolean;
};

export const DEFAULT_SCROLL_DISTANCE = 50;

type ArmState = { el: HTMLElement | null; armed: boolean; firedAt: number };

type Attachment = {
  el: HTMLElement | null;
  enabled: boolean;
  distance: number;
  watchContent: boolean;
  detach: () => void;
};

export function useScrollToBottom(
  ref: RefObject<HTMLElement | null>,
  onReachBottom: () => void,
  {
    distance = DEFAULT_SCROLL_DISTANCE,
    enabled = true,
    watchContent = true,
  }: ScrollToBottomOptions = {},
): void {
  const callbackRef = useRef(onReachBottom);
  const attachmentRef = useRef<Attachment | null>(null);
  // Arming state of the element last attached to; kept when only the options change.
  const armRef = useRef<ArmState>({ el: null, armed: true, firedAt: -1 });

  // Layout effect: runs before the attach effect below, so the first check sees the latest callback.
  useLayoutEffect(() => {
    callbackRef.current = onReachBottom;
  });

  // No dependency list on purpose: `ref.current` can change between renders and is not a valid
  // dependency, so compare it (and the options) after every commit and re-attach only on change.
  useEffect(() => {
    const el = ref.current;
    const prev = attachmentRef.current;
    if (
      prev &&
      prev.el === el &&
      prev.enabled === enabled &&
      prev.distance === distance &&
      prev.watchContent === watchContent
    )
      return;

    prev?.detach();
    attachmentRef.current = { el, enabled, distance, watchContent, detach: noop };
    if (!el || !enabled) return;

    // Arming state belongs to the element; toggling `enabled` or `distance` keeps it.
    if (armRef.current.el !== el) armRef.current = { el, armed: true, firedAt: -1 };
    const arm = armRef.current;

    const check = (): void => {
      const { scrollHeight, scrollTop, clientHeight } = el;
      if (!arm.armed && scrollHeight !== arm.firedAt) arm.armed = true; // content changed
      if (scrollHeight - scrollTop - clientHeight <= distance) {
        if (!arm.armed) return;
        arm.armed = false;
        arm.firedAt = scrollHeight;
        callbackRef.current();
      } else {
        arm.armed = true;
      }
    };

    el.addEventListener('scroll', check, { passive: true });

    // A content change is checked in the next frame, once: reading the height right after a
    // render would force a layout inside the render's own task (a page of cards made that task
    // long); the frame lays out anyway, and several renders before it cost one check.
    let frame = 0;
    const checkInFrame = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        check();
      });
    };
    const mutations =
      !watchContent || typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(checkInFrame);
    mutations?.observe(el, { childList: true, subtree: true, characterData: true });

    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    resizes?.observe(el);

    attachmentRef.current.detach = () => {
      el.removeEventListener('scroll', check);
      if (frame) cancelAnimationFrame(frame);
      mutations?.disconnect();
      resizes?.disconnect();
    };

    check();
  });

  // Detach on unmount (also runs on StrictMode's simulated unmount; the effect above re-attaches).
  useEffect(
    () => () => {
      attachmentRef.current?.detach();
      attachmentRef.current = null;
    },
    [],
  );
}

function noop(): void {}
