/** The place a chapter moves to with the up/down buttons, or null at either end. */
export function movedIndex(index: number, direction: 'up' | 'down', count: number): number | null {
  const to = direction === 'up' ? index - 1 : index + 1;
  return to < 0 || to >= count ? null : to;
}

/** The list with the item at `from` put at `to` (what the server answers after a move). */
export function reorder<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
