import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOUBLE_CLICK_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  ZOOM_LEVELS,
  canResetZoom,
  canZoomIn,
  canZoomOut,
  displaySize,
  hasNext,
  hasPrevious,
  imageViewerKey,
  imageViewerReducer,
  initialImageViewer,
  stepZoom,
  type ImageViewerEvent,
  type ImageViewerState,
} from './image-viewer-model';

const apply = (state: ImageViewerState, ...events: ImageViewerEvent[]) =>
  events.reduce(imageViewerReducer, state);
const loaded = (count = 3, index = 0) =>
  apply(initialImageViewer(count, index), { type: 'loaded' });

describe('image viewer model', () => {
  it('starts fitted and loading at the given image, clamped into the list', () => {
    expect(initialImageViewer(3)).toEqual({
      index: 0,
      count: 3,
      zoom: 1,
      load: 'loading',
      attempt: 0,
    });
    expect(initialImageViewer(3, 2).index).toBe(2);
    expect(initialImageViewer(3, 9).index).toBe(2);
    expect(initialImageViewer(3, -1).index).toBe(0);
    expect(initialImageViewer(3, 1.5).index).toBe(0);
    expect(initialImageViewer(0, 4).index).toBe(0);
  });

  it('moves between images without wrapping; each new image is fitted and loads', () => {
    let s = apply(loaded(3), { type: 'zoomIn' });
    expect(hasPrevious(s)).toBe(false);
    expect(apply(s, { type: 'previous' })).toBe(s);
    s = apply(s, { type: 'next' });
    expect(s).toMatchObject({ index: 1, zoom: 1, load: 'loading' });
    s = apply(s, { type: 'loaded' }, { type: 'next' }, { type: 'loaded' });
    expect(s.index).toBe(2);
    expect(hasNext(s)).toBe(false);
    expect(apply(s, { type: 'next' })).toBe(s);
    expect(apply(s, { type: 'previous' }).index).toBe(1);
  });

  it('one image: neither previous nor next', () => {
    const s = loaded(1);
    expect(hasPrevious(s) || hasNext(s)).toBe(false);
  });

  it('zooms in steps between the bounds and holds at each end', () => {
    expect(MIN_ZOOM).toBe(0.5);
    expect(MAX_ZOOM).toBe(4);
    let s = loaded();
    const seen = [s.zoom];
    while (canZoomIn(s)) {
      s = apply(s, { type: 'zoomIn' });
      seen.push(s.zoom);
    }
    expect(seen).toEqual([1, 1.5, 2, 3, 4]);
    expect(apply(s, { type: 'zoomIn' })).toBe(s);
    while (canZoomOut(s)) s = apply(s, { type: 'zoomOut' });
    expect(s.zoom).toBe(MIN_ZOOM);
    expect(apply(s, { type: 'zoomOut' })).toBe(s);
    expect(apply(s, { type: 'resetZoom' }).zoom).toBe(1);
  });

  it('stepZoom stays on the levels from anywhere and never leaves the bounds', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.constantFrom(1, -1), (z, d) => {
        const next = stepZoom(z, d as 1 | -1);
        expect(ZOOM_LEVELS).toContain(next);
        if (d > 0) expect(next >= Math.min(z, MAX_ZOOM) || next === MAX_ZOOM).toBe(true);
        else expect(next <= Math.max(z, MIN_ZOOM) || next === MIN_ZOOM).toBe(true);
      }),
    );
  });

  it('reset and double click: back to fitted, or to 2x from fitted', () => {
    const s = loaded();
    expect(canResetZoom(s)).toBe(false);
    expect(apply(s, { type: 'resetZoom' })).toBe(s);
    const zoomed = apply(s, { type: 'toggleZoom' });
    expect(zoomed.zoom).toBe(DOUBLE_CLICK_ZOOM);
    expect(canResetZoom(zoomed)).toBe(true);
    expect(apply(zoomed, { type: 'toggleZoom' }).zoom).toBe(1);
    expect(apply(zoomed, { type: 'zoomIn' }, { type: 'resetZoom' }).zoom).toBe(1);
  });

  it('does not zoom an image that is loading or failed', () => {
    const loading = initialImageViewer(2);
    for (const type of ['zoomIn', 'zoomOut', 'resetZoom', 'toggleZoom'] as const)
      expect(apply(loading, { type })).toBe(loading);
    const failed = apply(loading, { type: 'failed' });
    expect(canZoomIn(failed) || canZoomOut(failed)).toBe(false);
    expect(apply(failed, { type: 'zoomIn' })).toBe(failed);
  });

  it('a failed image can be tried again (a new attempt), then loads', () => {
    let s = apply(initialImageViewer(2), { type: 'failed' });
    expect(s.load).toBe('error');
    expect(apply(s, { type: 'loaded' })).toBe(s);
    s = apply(s, { type: 'retry' });
    expect(s).toMatchObject({ load: 'loading', attempt: 1 });
    expect(apply(s, { type: 'retry' })).toBe(s);
    expect(apply(s, { type: 'loaded' }).load).toBe('loaded');
    // Moving on starts the next image afresh.
    expect(apply(s, { type: 'next' })).toMatchObject({ index: 1, attempt: 0 });
  });

  it('keys: + = zoom in, - _ zoom out, 0 reset, arrows move; modified keys are the browser’s', () => {
    expect(imageViewerKey({ key: '+' })).toEqual({ type: 'zoomIn' });
    expect(imageViewerKey({ key: '=' })).toEqual({ type: 'zoomIn' });
    expect(imageViewerKey({ key: '-' })).toEqual({ type: 'zoomOut' });
    expect(imageViewerKey({ key: '_' })).toEqual({ type: 'zoomOut' });
    expect(imageViewerKey({ key: '0' })).toEqual({ type: 'resetZoom' });
    expect(imageViewerKey({ key: 'ArrowRight' })).toEqual({ type: 'next' });
    expect(imageViewerKey({ key: 'ArrowLeft' })).toEqual({ type: 'previous' });
    expect(imageViewerKey({ key: 'Escape' })).toBeNull();
    expect(imageViewerKey({ key: 'a' })).toBeNull();
    expect(imageViewerKey({ key: '+', ctrlKey: true })).toBeNull();
    expect(imageViewerKey({ key: '-', metaKey: true })).toBeNull();
    expect(imageViewerKey({ key: 'ArrowRight', altKey: true })).toBeNull();
  });

  it('displaySize fits the image in the stage (never enlarging it), then scales', () => {
    const stage = { width: 800, height: 600 };
    expect(displaySize({ width: 1600, height: 600 }, stage, 1)).toEqual({
      width: 800,
      height: 300,
    });
    expect(displaySize({ width: 400, height: 1200 }, stage, 1)).toEqual({
      width: 200,
      height: 600,
    });
    expect(displaySize({ width: 100, height: 50 }, stage, 1)).toEqual({ width: 100, height: 50 });
    expect(displaySize({ width: 100, height: 50 }, stage, 2)).toEqual({ width: 200, height: 100 });
    expect(displaySize({ width: 1600, height: 600 }, stage, 0.5)).toEqual({
      width: 400,
      height: 150,
    });
    expect(displaySize({ width: 0, height: 0 }, stage, 1)).toBeNull();
    expect(displaySize({ width: 10, height: 10 }, { width: 0, height: 0 }, 1)).toBeNull();
  });

  it('whatever happens, the index stays in the list and the zoom on a level', () => {
    const event = fc.constantFrom<ImageViewerEvent>(
      { type: 'next' },
      { type: 'previous' },
      { type: 'zoomIn' },
      { type: 'zoomOut' },
      { type: 'resetZoom' },
      { type: 'toggleZoom' },
      { type: 'loaded' },
      { type: 'failed' },
      { type: 'retry' },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer(), fc.array(event), (n, i, evs) => {
        let s = initialImageViewer(n, i);
        for (const e of evs) {
          s = imageViewerReducer(s, e);
          expect(s.index).toBeGreaterThanOrEqual(0);
          expect(s.index).toBeLessThan(n);
          expect(ZOOM_LEVELS).toContain(s.zoom);
          if (s.load !== 'loaded') expect(s.zoom).toBe(1);
        }
      }),
    );
  });
});
