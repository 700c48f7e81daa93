/**
 * The image viewer's rules (pure): which image is shown, how far it is zoomed, and how each
 * image loads. The dialog renders this state and maps keys and buttons to its events.
 */

/** Zoom steps: 1 fits the image to the stage; below it shrinks, above it magnifies. */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
export const MIN_ZOOM = ZOOM_LEVELS[0];
export const MAX_ZOOM = ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!;
/** The zoom a double click toggles to from the fitted size. */
export const DOUBLE_CLICK_ZOOM = 2;

export type ImageLoad = 'loading' | 'loaded' | 'error';

export interface ImageViewerState {
  index: number;
  count: number;
  zoom: number;
  load: ImageLoad;
  /** Bumped by a retry, so the image element is made again and the address fetched again. */
  attempt: number;
}

export type ImageViewerEvent =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'resetZoom' }
  | { type: 'toggleZoom' }
  | { type: 'loaded' }
  | { type: 'failed' }
  | { type: 'retry' };

/** Starts at `index` (clamped into the list; 0 when not given or not a whole number). */
export function initialImageViewer(count: number, index = 0): ImageViewerState {
  const start = Number.isInteger(index) ? index : 0;
  return {
    index: Math.min(Math.max(start, 0), Math.max(count - 1, 0)),
    count,
    zoom: 1,
    load: 'loading',
    attempt: 0,
  };
}

export const hasPrevious = (s: ImageViewerState) => s.index > 0;
export const hasNext = (s: ImageViewerState) => s.index < s.count - 1;
export const canZoomIn = (s: ImageViewerState) => s.load === 'loaded' && s.zoom < MAX_ZOOM;
export const canZoomOut = (s: ImageViewerState) => s.load === 'loaded' && s.zoom > MIN_ZOOM;
export const canResetZoom = (s: ImageViewerState) => s.load === 'loaded' && s.zoom !== 1;

/** The next zoom step above (`+1`) or below (`-1`) `zoom`, held at the ends. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_LEVELS.find((z) => z > zoom) ?? MAX_ZOOM;
  return [...ZOOM_LEVELS].reverse().find((z) => z < zoom) ?? MIN_ZOOM;
}

/** Another image starts fitted and loading. */
function show(state: ImageViewerState, index: number): ImageViewerState {
  return { ...state, index, zoom: 1, load: 'loading', attempt: 0 };
}

export function imageViewerReducer(
  state: ImageViewerState,
  event: ImageViewerEvent,
): ImageViewerState {
  switch (event.type) {
    case 'next':
      return hasNext(state) ? show(state, state.index + 1) : state;
    case 'previous':
      return hasPrevious(state) ? show(state, state.index - 1) : state;
    case 'zoomIn':
      return canZoomIn(state) ? { ...state, zoom: stepZoom(state.zoom, 1) } : state;
    case 'zoomOut':
      return canZoomOut(state) ? { ...state, zoom: stepZoom(state.zoom, -1) } : state;
    case 'resetZoom':
      return canResetZoom(state) ? { ...state, zoom: 1 } : state;
    case 'toggleZoom':
      if (state.load !== 'loaded') return state;
      return { ...state, zoom: state.zoom === 1 ? DOUBLE_CLICK_ZOOM : 1 };
    case 'loaded':
      return state.load === 'loading' ? { ...state, load: 'loaded' } : state;
    case 'failed':
      return state.load === 'loading' ? { ...state, load: 'error', zoom: 1 } : state;
    case 'retry':
      return state.load === 'error'
        ? { ...state, load: 'loading', attempt: state.attempt + 1 }
        : state;
  }
}

/**
 * The event a key stands for (+ / = zoom in, - / _ zoom out, 0 reset, arrows move), or null.
 * Keys with Ctrl, Meta or Alt are left to the browser (Ctrl + + zooms the page).
 */
export function imageViewerKey(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): ImageViewerEvent | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case '+':
    case '=':
      return { type: 'zoomIn' };
    case '-':
    case '_':
      return { type: 'zoomOut' };
    case '0':
      return { type: 'resetZoom' };
    case 'ArrowRight':
      return { type: 'next' };
    case 'ArrowLeft':
      return { type: 'previous' };
    default:
      return null;
  }
}

/**
 * The image's size on the stage at `zoom`: fitted inside the stage at 1 (never enlarged past
 * its own size), then scaled. Null until both sizes are known (jsdom has no layout).
 */
export function displaySize(
  natural: { width: number; height: number },
  stage: { width: number; height: number },
  zoom: number,
): { width: number; height: number } | null {
  if (!natural.width || !natural.height || !stage.width || !stage.height) return null;
  const fit = Math.min(stage.width / natural.width, stage.height / natural.height, 1);
  return {
    width: Math.round(natural.width * fit * zoom),
    height: Math.round(natural.height * fit * zoom),
  };
}
