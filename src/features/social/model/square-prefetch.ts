import { squareApi } from '@/api/square';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { RAIL_CHARACTERS, squareListTab, squareTabOf } from './square-tabs';

/**
 * The square's first requests, started when the app starts on /dashboard/square (the route's
 * `prefetch`, src/app/router.tsx) rather than when its screen first renders: the open tab's
 * first page and, on recommend, the characters rail. The screen's own queries then find them
 * under way or answered (the same arguments, so the same cache entries).
 */
export function prefetchSquare(
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>,
  url: URL,
): void {
  const tab = squareListTab(squareTabOf(url.searchParams.get('tab')));
  if (!tab) return;
  void dispatch(squareApi.endpoints.listSquarePages.initiate({ tab }, { subscribe: false }));
  if (tab === 'recommend')
    void dispatch(squareApi.util.prefetch('listSquareCharacters', { limit: RAIL_CHARACTERS }, {}));
}
