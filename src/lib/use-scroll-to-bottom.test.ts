// @vitest-environment jsdom
import { describe, it, expect, vi, afterEach, beforeEach } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import type { RefObject } from 'react';
import { useScrollToBottom, type ScrollToBottomOptions } from './use-scroll-to-bottom';

type Metrics = { scrollHeight: number; clientHeight: number; scrollTop: number };

/** A div whose scroll metrics are plain numbers the test controls. */
function scrollBox(initial: Metrics) {
  const el = document.createElement('div');
  const m = { ...initial };
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => m.scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => m.clientHeight });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => m.scrollTop,
    set: (v: number) => {
      m.scrollTop = v;
    },
  });
  document.body.appendChild(el);
  const scrollTo = (top: number) => {
    m.scrollTop = top;
    el.dispatchEvent(new Event('scroll'));
  };
  /** Changes the content height and appends a node, as a render of new items would. */
  const grow = (scrollHeight: number) => {
    m.scrollHeight = scrollHeight;
    el.appendChild(document.createElement('p'));
  };
  return { el, m, scrollTo, grow };
}

/**
 * Frames asked for (requestAnimationFrame) and not yet run: the test runs them, where jsdom
 * would on a real-time timer.
 */
const frames = new Map<number, FrameRequestCallback>();
let lastFrame = 0;
beforeEach(() => {
  frames.clear();
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => {
    frames.set(++lastFrame, run);
    return lastFrame;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void frames.delete(id));
});

/** MutationObserver callbacks have run: jsdom delivers them in a microtask the change queued. */
const observersRun = () => Promise.resolve();

/** Lets MutationObserver callbacks run, then the frame: the check they asked for in it. */
async function flush() {
  await observersRun();
  const due = [...frames.values()];
  frames.clear();
  for (const run of due) run(performance.now());
}

function setup(initial: Metrics, options?: ScrollToBottomOptions) {
  const box = scrollBox(initial);
  const onReach = vi.fn();
  const ref: RefObject<HTMLElement | null> = { current: box.el };
  type Props = { cb: () => void; opts?: ScrollToBottomOptions | undefined };
  const initialProps: Props = { cb: onReach, opts: options };
  const hook = renderHook((props: Props) => useScrollToBottom(ref, props.cb, props.opts), {
    initialProps,
  });
  return { ...box, onReach, ref, hook };
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('useScrollToBottom', () => {
  it('does not fire on mount when the box is scrolled far from the end', () => {
    const { onReach } = setup({ scrollHeight: 1000, clientHeight: 300, scrollTop: 0 });
    expect(onReach).not.toHaveBeenCalled();
  });

  it('fires when scrolled within the default 50 px of the end', () => {
    const { onReach, scrollTo } = setup({ scrollHeight: 1000, clientHeight: 300, scrollTop: 0 });
    scrollTo(649); // remaining 51
    expect(onReach).not.toHaveBeenCalled();
    scrollTo(650); // remaining 50
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('honours a custom distance', () => {
    const { onReach, scrollTo } = setup(
      { scrollHeight: 1000, clientHeight: 300, scrollTop: 0 },
      { distance: 0 },
    );
    scrollTo(690);
    expect(onReach).not.toHaveBeenCalled();
    scrollTo(700);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('fires at most once per reach and re-arms after scrolling back up', () => {
    const { onReach, scrollTo } = setup({ scrollHeight: 1000, clientHeight: 300, scrollTop: 0 });
    scrollTo(680);
    scrollTo(690);
    scrollTo(700);
    expect(onReach).toHaveBeenCalledTimes(1);
    scrollTo(600); // back above the threshold
    expect(onReach).toHaveBeenCalledTimes(1);
    scrollTo(700);
    expect(onReach).toHaveBeenCalledTimes(2);
  });

  it('re-arms when the content grows and checks again without a scroll', async () => {
    const { onReach, scrollTo, grow } = setup({
      scrollHeight: 1000,
      clientHeight: 300,
      scrollTop: 0,
    });
    scrollTo(700);
    expect(onReach).toHaveBeenCalledTimes(1);
    // a small addition leaves the user within the threshold: load again
    grow(1030);
    await flush();
    expect(onReach).toHaveBeenCalledTimes(2);
    // a page of items moves the end away: nothing until the user scrolls down
    grow(2000);
    await flush();
    expect(onReach).toHaveBeenCalledTimes(2);
    scrollTo(1700);
    expect(onReach).toHaveBeenCalledTimes(3);
  });

  it('checks a content change in the next frame, not in the task that rendered it', async () => {
    const { onReach, scrollTo, grow, m, el } = setup({
      scrollHeight: 1000,
      clientHeight: 300,
      scrollTop: 0,
    });
    scrollTo(700);
    expect(onReach).toHaveBeenCalledTimes(1);
    let reads = 0;
    Object.defineProperty(el, 'scrollHeight', {
      configurable: true,
      get: () => {
        reads += 1;
        return m.scrollHeight;
      },
    });
    // Two renders in one task: the observer has run, but nothing has read the height yet.
    grow(1010);
    grow(1030);
    await observersRun();
    expect(frames.size).toBe(1); // the observer has run: it asked for one frame
    expect(reads).toBe(0);
    expect(onReach).toHaveBeenCalledTimes(1);
    // The frame checks once, and the list (still within 50 px of its end) loads again.
    await flush();
    expect(reads).toBe(1);
    expect(onReach).toHaveBeenCalledTimes(2);
  });

  it('does not fire again when a mutation leaves the height unchanged', async () => {
    const { onReach, scrollTo, el } = setup({
      scrollHeight: 1000,
      clientHeight: 300,
      scrollTop: 0,
    });
    scrollTo(700);
    el.appendChild(document.createElement('span')); // e.g. a spinner swapped in place
    await flush();
    el.dispatchEvent(new Event('scroll'));
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('loads more on mount while a short list does not fill the box', async () => {
    const { onReach, grow, m } = setup({ scrollHeight: 100, clientHeight: 300, scrollTop: 0 });
    expect(onReach).toHaveBeenCalledTimes(1);
    grow(200); // still short
    await flush();
    expect(onReach).toHaveBeenCalledTimes(2);
    grow(900); // now fills the box
    await flush();
    expect(onReach).toHaveBeenCalledTimes(2);
    expect(m.scrollTop).toBe(0);
  });

  it('does not loop when a load adds nothing', async () => {
    const { onReach, el } = setup({ scrollHeight: 100, clientHeight: 300, scrollTop: 0 });
    el.appendChild(document.createElement('div')); // "no more" text, same height
    await flush();
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('without watchContent, ignores content changes and checks again when re-enabled', async () => {
    const { onReach, scrollTo, grow, hook } = setup(
      { scrollHeight: 1000, clientHeight: 300, scrollTop: 0 },
      { watchContent: false },
    );
    scrollTo(700);
    expect(onReach).toHaveBeenCalledTimes(1);
    // the load is under way: the caller disables the hook
    hook.rerender({ cb: onReach, opts: { watchContent: false, enabled: false } });
    // rows swapped in and a small page added: no check from the mutation itself
    grow(1030);
    await flush();
    expect(onReach).toHaveBeenCalledTimes(1);
    // the load is over: re-enabling checks once and sees the user still within 50 px
    hook.rerender({ cb: onReach, opts: { watchContent: false } });
    expect(onReach).toHaveBeenCalledTimes(2);
  });

  it('adds a passive scroll listener and removes it on unmount', () => {
    const box = scrollBox({ scrollHeight: 1000, clientHeight: 300, scrollTop: 0 });
    const add = vi.spyOn(box.el, 'addEventListener');
    const remove = vi.spyOn(box.el, 'removeEventListener');
    const onReach = vi.fn();
    const { unmount } = renderHook(() => useScrollToBottom({ current: box.el }, onReach));
    expect(add).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', add.mock.calls[0]?.[1]);
    box.scrollTo(700);
    expect(onReach).not.toHaveBeenCalled();
  });

  it('stops observing content after unmount', async () => {
    const { onReach, grow, hook } = setup({ scrollHeight: 100, clientHeight: 300, scrollTop: 0 });
    expect(onReach).toHaveBeenCalledTimes(1);
    hook.unmount();
    grow(150);
    await flush();
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('calls the latest callback without re-subscribing', () => {
    const { scrollTo, hook, el } = setup({ scrollHeight: 1000, clientHeight: 300, scrollTop: 0 });
    const add = vi.spyOn(el, 'addEventListener');
    const next = vi.fn();
    hook.rerender({ cb: next });
    expect(add).not.toHaveBeenCalled();
    scrollTo(700);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled and checks once when enabled', () => {
    const { onReach, scrollTo, hook } = setup(
      { scrollHeight: 1000, clientHeight: 300, scrollTop: 0 },
      { enabled: false },
    );
    scrollTo(700);
    expect(onReach).not.toHaveBeenCalled();
    hook.rerender({ cb: onReach, opts: { enabled: true } });
    expect(onReach).toHaveBeenCalledTimes(1); // still at the bottom
  });

  it('does not re-fire just because it was disabled and re-enabled at the same height', () => {
    const { onReach, scrollTo, hook } = setup({
      scrollHeight: 1000,
      clientHeight: 300,
      scrollTop: 0,
    });
    scrollTo(700);
    hook.rerender({ cb: onReach, opts: { enabled: false } }); // loading
    hook.rerender({ cb: onReach, opts: { enabled: true } }); // load added nothing
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('attaches to an element that appears after the first render', () => {
    const box = scrollBox({ scrollHeight: 1000, clientHeight: 300, scrollTop: 0 });
    const ref: RefObject<HTMLElement | null> = { current: null };
    const onReach = vi.fn();
    const { rerender } = renderHook(() => useScrollToBottom(ref, onReach));
    box.scrollTo(700);
    expect(onReach).not.toHaveBeenCalled();
    ref.current = box.el;
    rerender();
    expect(onReach).toHaveBeenCalledTimes(1); // mount check of the new element
  });

  it('fires once on mount under StrictMode', () => {
    const box = scrollBox({ scrollHeight: 100, clientHeight: 300, scrollTop: 0 });
    const onReach = vi.fn();
    renderHook(() => useScrollToBottom({ current: box.el }, onReach), { reactStrictMode: true });
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('does not fire when there is no element', () => {
    const onReach = vi.fn();
    expect(() => renderHook(() => useScrollToBottom({ current: null }, onReach))).not.toThrow();
    expect(onReach).not.toHaveBeenCalled();
  });
});
