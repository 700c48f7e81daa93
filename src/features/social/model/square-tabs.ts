export const SQUARE_TABS = ['recommend', 'latest', 'follow'] as const;
export type SquareScreenTab = (typeof SQUARE_TABS)[number];

/** The tab named by `?tab=`; anything else (or none) is the default, recommend. */
export function squareTabOf(value: string | null): SquareScreenTab {
  return SQUARE_TABS.find((tab) => tab === value) ?? 'recommend';
}
