/** Where the hover card goes: fixed to the viewport, below its author or above when short of room. */
export interface CardPlacement {
  /** Below: the card's top edge. Above: its bottom edge (the card is moved up by its height). */
  top: number;
  left: number;
  side: 'below' | 'above';
}

/** The card's width in social.css and its usual height (to choose a side before it renders). */
export const CARD_WIDTH = 264;
export const CARD_HEIGHT = 168;
const GAP = 6;
/** Kept between the card and the viewport's left and right edges. */
const MARGIN = 8;

/**
 * Below the anchor, left edges aligned; above it when there is not room below but there is
 * above; kept inside the viewport horizontally with a small margin.
 */
export function placeCard(
  anchor: { top: number; bottom: number; left: number },
  viewport: { width: number; height: number },
  card: { width: number; height: number } = { width: CARD_WIDTH, height: CARD_HEIGHT },
): CardPlacement {
  const roomBelow = viewport.height - anchor.bottom - GAP;
  const roomAbove = anchor.top - GAP;
  const side = roomBelow < card.height && roomAbove > roomBelow ? 'above' : 'below';
  const top = side === 'below' ? anchor.bottom + GAP : anchor.top - GAP;
  const maxLeft = Math.max(MARGIN, viewport.width - card.width - MARGIN);
  const left = Math.min(Math.max(MARGIN, anchor.left), maxLeft);
  return { top: Math.round(top), left: Math.round(left), side };
}
