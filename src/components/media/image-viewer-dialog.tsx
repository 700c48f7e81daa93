import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { isTopModalLayer } from '@/components/ui/dialog/modal-layer';
import { imageUrl } from '@/lib/image-url';
import {
  canResetZoom,
  canZoomIn,
  canZoomOut,
  displaySize,
  hasNext,
  hasPrevious,
  imageViewerKey,
  imageViewerReducer,
  initialImageViewer,
  type ImageViewerEvent,
} from './image-viewer-model';
import './image-viewer-dialog.css';

export interface ViewerImage {
  src: string;
  /** What the image shows; read out and shown as its caption. */
  alt: string;
}

export interface ImageViewerDialogProps {
  images: ViewerImage[];
  /** The image shown first (default 0). */
  index?: number;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    imageViewer: ImageViewerDialogProps;
  }
}

/**
 * Shows images full size (covers, entry images, report images): zoom with the buttons, + / -
 * and 0, or a double click; drag or scroll to move a zoomed image; previous and next with the
 * arrow keys and buttons when there are several (no wrapping at the ends). Esc closes and focus
 * returns to the opener (the Dialog does both).
 */
export function ImageViewerDialog({
  images,
  index,
  onClose,
}: HostedDialogProps & ImageViewerDialogProps) {
  const { t } = useTranslation('media');
  const [state, send] = useReducer(imageViewerReducer, undefined, () =>
    initialImageViewer(images.length, index),
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  const image = images[state.index];
  const several = images.length > 1;

  // Keys anywhere in this dialog (its close button included), or on the page body when focus
  // fell there while this dialog is the top one. Esc stays the Dialog's.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const root = rootRef.current;
      const panel = root?.closest<HTMLElement>('[role="dialog"]');
      const backdrop = panel?.parentElement;
      if (!root || !panel || !backdrop || event.defaultPrevented) return;
      const target = event.target as Node | null;
      const onBody = target === document.body || target === document.documentElement;
      if (!(target && panel.contains(target)) && !(onBody && isTopModalLayer(backdrop))) return;
      const viewerEvent = imageViewerKey(event);
      if (!viewerEvent) return;
      event.preventDefault();
      sendRef.current(viewerEvent);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const size = useStageSize(stageRef);
  // The loaded image's own size, kept with the image (and attempt) it belongs to.
  const shownKey = `${state.index}:${state.attempt}`;
  const [natural, setNatural] = useState({ key: '', width: 0, height: 0 });
  const shown = natural.key === shownKey ? displaySize(natural, size, state.zoom) : null;
  const drag = useDragToScroll(stageRef, state.zoom);
  const keepCentre = useKeptCentre(stageRef, state.zoom, shownKey);

  const tool = (
    label: string,
    enabled: boolean,
    event: ImageViewerEvent,
    glyph: React.ReactNode,
  ) => (
    <button
      type="button"
      className="button image-viewer__tool"
      aria-label={label}
      title={label}
      // aria-disabled, not disabled: a button reaching its end keeps the focus.
      aria-disabled={!enabled}
      onClick={() => {
        if (enabled) send(event);
      }}
    >
      {glyph}
    </button>
  );

  if (!image) {
    return (
      <Dialog title={t('viewer.title')} onClose={onClose} size="sm">
        <p role="alert">{t('viewer.none')}</p>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('viewer.title')} onClose={onClose} size="lg" className="image-viewer">
      <div ref={rootRef} className="image-viewer__body">
        <div
          ref={stageRef}
          className={`image-viewer__stage${state.zoom > 1 ? ' image-viewer__stage--zoomed' : ''}`}
          data-zoom={state.zoom}
          {...drag}
          onScroll={keepCentre}
        >
          {state.load === 'error' ? (
            <div className="image-viewer__message" role="alert">
              <p>{t('viewer.failed')}</p>
              <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
                {t('common:actions.retry')}
              </button>
            </div>
          ) : (
            <>
              {state.load === 'loading' ? (
                <p className="image-viewer__message" role="status">
                  {t('viewer.loading')}
                </p>
              ) : null}
              <img
                key={shownKey}
                className="image-viewer__image"
                src={imageUrl(image.src)}
                alt={image.alt}
                draggable={false}
                hidden={state.load === 'loading'}
                style={
                  shown
                    ? { width: shown.width, height: shown.height }
                    : { transform: `scale(${state.zoom})` }
                }
                onLoad={(e) => {
                  const img = e.currentTarget;
                  setNatural({
                    key: shownKey,
                    width: img.naturalWidth,
                    height: img.naturalHeight,
                  });
                  send({ type: 'loaded' });
                }}
                onError={() => send({ type: 'failed' })}
                onDoubleClick={() => send({ type: 'toggleZoom' })}
              />
            </>
          )}
        </div>

        {image.alt ? <p className="image-viewer__caption">{image.alt}</p> : null}

        <div className="image-viewer__toolbar" role="toolbar" aria-label={t('viewer.tools')}>
          {several
            ? tool(t('viewer.previous'), hasPrevious(state), { type: 'previous' }, <Chevron left />)
            : null}
          {tool(t('viewer.zoomOut'), canZoomOut(state), { type: 'zoomOut' }, '−')}
          <output className="image-viewer__zoom" aria-label={t('viewer.zoomLevel')}>
            {Math.round(state.zoom * 100)}%
          </output>
          {tool(t('viewer.zoomIn'), canZoomIn(state), { type: 'zoomIn' }, '+')}
          {tool(t('viewer.reset'), canResetZoom(state), { type: 'resetZoom' }, <FitIcon />)}
          {several ? tool(t('viewer.next'), hasNext(state), { type: 'next' }, <Chevron />) : null}
        </div>

        {several ? (
          <p className="image-viewer__position" aria-live="polite" aria-atomic="true">
            {t('viewer.position', { current: state.index + 1, total: images.length })}
          </p>
        ) : null}
        <p className="image-viewer__hint">{t(several ? 'viewer.hintSeveral' : 'viewer.hint')}</p>
      </div>
    </Dialog>
  );
}

function Chevron({ left = false }: { left?: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={left ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function FitIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Zooming keeps the point at the stage's centre where it was (the centre of the image for a
 * new one). Returns the stage's scroll handler, which remembers that point.
 */
function useKeptCentre(
  ref: React.RefObject<HTMLDivElement | null>,
  zoom: number,
  imageKey: string,
) {
  const centre = useRef({ x: 0.5, y: 0.5 });
  useLayoutEffect(() => {
    centre.current = { x: 0.5, y: 0.5 };
  }, [imageKey]);
  useLayoutEffect(() => {
    const stage = ref.current;
    if (!stage) return;
    const { x, y } = centre.current;
    stage.scrollLeft = x * stage.scrollWidth - stage.clientWidth / 2;
    stage.scrollTop = y * stage.scrollHeight - stage.clientHeight / 2;
  }, [ref, zoom, imageKey]);
  return () => {
    const stage = ref.current;
    if (!stage || !stage.scrollWidth || !stage.scrollHeight) return;
    centre.current = {
      x: (stage.scrollLeft + stage.clientWidth / 2) / stage.scrollWidth,
      y: (stage.scrollTop + stage.clientHeight / 2) / stage.scrollHeight,
    };
  };
}

/** The stage's inner size, kept current as the window changes. */
function useStageSize(ref: React.RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const stage = ref.current;
    if (!stage) return;
    const measure = () => setSize({ width: stage.clientWidth, height: stage.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** A zoomed image is moved by dragging it (mouse, pen or touch) as well as by scrolling. */
function useDragToScroll(ref: React.RefObject<HTMLDivElement | null>, zoom: number) {
  const start = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  return {
    onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
      const stage = ref.current;
      if (!stage || zoom <= 1 || event.button !== 0) return;
      start.current = {
        x: event.clientX,
        y: event.clientY,
        left: stage.scrollLeft,
        top: stage.scrollTop,
      };
      stage.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
      const stage = ref.current;
      const from = start.current;
      if (!stage || !from) return;
      stage.scrollLeft = from.left - (event.clientX - from.x);
      stage.scrollTop = from.top - (event.clientY - from.y);
    },
    onPointerUp() {
      start.current = null;
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
