import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { CropperImage, CropperSelection } from 'cropperjs';
import { STAGE_HEIGHT, aspectOf, cropBoxRect, type CropRatio } from './crop-geometry';
import { cropWithin, renderCrop, type CropResult } from './crop-output';

export interface CropperStageHandle {
  zoom(delta: number): void;
  crop(): Promise<CropResult>;
}

interface CropperStageProps {
  src: string;
  ratio: CropRatio;
  sourceType: string;
  identify: boolean;
  label: string;
  /** Set once the image is in and the stage can crop; null until then (and after a new src). */
  ref?: Ref<CropperStageHandle | null>;
  /** The stage could not start (cropperjs failed to load or the image is unreadable). */
  onError?: () => void;
}

interface Parts {
  image: CropperImage;
  selection: CropperSelection;
}

/**
 * The cropperjs 2 web components (cropper-canvas, cropper-image, cropper-selection): a fixed
 * crop box in the middle (spec 1 §9: 418 px tall), and an image the user drags and zooms
 * under it. cropperjs registers its custom elements when imported, so it loads with the stage.
 */
export function CropperStage({
  src,
  ratio,
  sourceType,
  identify,
  label,
  ref,
  onError,
}: CropperStageProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [parts, setParts] = useState<Parts | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const ratioRef = useRef(ratio);
  ratioRef.current = ratio;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    import('cropperjs')
      .then(() => {
        if (cancelled) return;
        const canvas = document.createElement('cropper-canvas');
        canvas.setAttribute('background', '');
        canvas.style.height = `${STAGE_HEIGHT}px`;
        const image = document.createElement('cropper-image') as CropperImage;
        image.setAttribute('src', src);
        image.setAttribute('initial-center-size', 'cover');
        for (const a of ['translatable', 'scalable']) image.setAttribute(a, '');
        const shade = document.createElement('cropper-shade');
        shade.setAttribute('hidden', '');
        const handle = document.createElement('cropper-handle');
        handle.setAttribute('action', 'move');
        handle.setAttribute('plain', '');
        const selection = document.createElement('cropper-selection') as CropperSelection;
        const box = cropBoxRect(ratioRef.current, host.clientWidth || 480);
        for (const [k, v] of Object.entries(box)) selection.setAttribute(k, String(v));
        selection.setAttribute('aspect-ratio', String(aspectOf(ratioRef.current)));
        selection.setAttribute('outlined', '');
        const grid = document.createElement('cropper-grid');
        grid.setAttribute('role', 'grid');
        grid.setAttribute('covered', '');
        selection.append(grid);
        canvas.append(image, shade, handle, selection);
        host.replaceChildren(canvas);
        // The stage is a labelled group; its inner <img> is decorative. cropper-image drops an
        // empty alt attribute instead of passing it on, so it is set on the inner image itself.
        image.shadowRoot?.querySelector('img')?.setAttribute('alt', '');
        image.$ready().then(
          () => !cancelled && setParts({ image, selection }),
          () => !cancelled && onErrorRef.current?.(),
        );
      })
      .catch(() => !cancelled && onErrorRef.current?.());
    return () => {
      cancelled = true;
      setParts(null);
      host.replaceChildren();
    };
  }, [src]);

  useEffect(() => {
    const host = hostRef.current;
    if (!parts || !host) return;
    const box = cropBoxRect(ratio, host.clientWidth || 480);
    const { selection } = parts;
    selection.setAttribute('aspect-ratio', String(aspectOf(ratio)));
    selection.$change(box.x, box.y, box.width, box.height, aspectOf(ratio), true);
  }, [parts, ratio]);

  // No handle before the image is ready: a 确定 pressed while a slow device still loads it
  // stays disabled rather than failing the crop.
  useImperativeHandle<CropperStageHandle | null, CropperStageHandle | null>(
    ref,
    () =>
      parts && {
        zoom(delta) {
          parts.image.$zoom(delta);
        },
        async crop() {
          return cropWithin(renderCrop(parts.selection, ratio, sourceType, identify));
        },
      },
    [parts, ratio, sourceType, identify],
  );

  return (
    <div
      ref={hostRef}
      className="cropper-stage"
      role="group"
      aria-label={label}
      aria-busy={!parts}
      data-ready={parts ? 'true' : 'false'}
      style={{ height: STAGE_HEIGHT }}
    />
  );
}
