import { useLayoutEffect, type RefObject } from 'react';

/**
 * On phones the navigation is one horizontal strip that scrolls: after each navigation the
 * active item is scrolled into the strip (never the page), so the reader sees where they are.
 */
export function useActiveItemInStrip(list: RefObject<HTMLElement | null>, key: string) {
  useLayoutEffect(() => {
    const strip = list.current?.parentElement;
    const active = list.current?.querySelector<HTMLElement>('.is-active');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    const a = active.getBoundingClientRect();
    const s = strip.getBoundingClientRect();
    const margin = 12;
    if (a.left < s.left + margin) strip.scrollBy({ left: a.left - (s.left + margin) });
    else if (a.right > s.right - margin) strip.scrollBy({ left: a.right - (s.right - margin) });
  }, [list, key]);
}
