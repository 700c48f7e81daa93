import { useLayoutEffect, type RefObject } from 'react';

/**
 * On phones the navigation is one horizontal strip that scrolls: after each navigation the
 * active item is scrolled into the strip (never the page), so the reader sees where they are.
 * The strip is measured in the next frame, before it paints: measuring in the commit would
 * force the new page's first layout inside React's task; the frame lays it out anyway.
 */
export function useActiveItemInStrip(list: RefObject<HTMLElement | null>, key: string) {
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => {
      const strip = list.current?.parentElement;
      const active = list.current?.querySelector<HTMLElement>('.is-active');
      if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
      const a = active.getBoundingClientRect();
      const s = strip.getBoundingClientRect();
      const margin = 12;
      if (a.left < s.left + margin) strip.scrollBy({ left: a.left - (s.left + margin) });
      else if (a.right > s.right - margin) strip.scrollBy({ left: a.right - (s.right - margin) });
    });
    return () => cancelAnimationFrame(frame);
  }, [list, key]);
}
