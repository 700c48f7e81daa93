import { ratiosFor, type CropRatio } from './crop-geometry';

/**
 * The cropper dialog's modes (spec 1 §4): preview (the current image, with an edit button)
 * and cropping (after a local image is chosen); `empty` when there is no current image yet.
 * A background click is ignored while cropping; cancel and close reset everything (the dialog
 * is re-mounted on each opening).
 */
export type CropperMode = 'empty' | 'preview' | 'cropping';

export interface CropperState {
  mode: CropperMode;
  ratio: CropRatio;
  ratios: readonly CropRatio[];
  /** The chosen local image (object URL) and its type. */
  source: { url: string; type: string } | null;
  /** The caller is taking the result (uploading): the controls wait. */
  busy: boolean;
  /** Translation key of the message shown in the dialog. */
  errorKey: string | null;
}

export type CropperEvent =
  | { type: 'fileChosen'; url: string; fileType: string }
  | { type: 'fileRejected'; errorKey: string }
  | { type: 'ratioChosen'; ratio: CropRatio }
  | { type: 'confirmStarted' }
  | { type: 'confirmFailed'; errorKey?: string }
  | { type: 'cropFailed' };

export function initialCropperState(options: {
  image?: string | null;
  headImage?: boolean;
}): CropperState {
  const ratios = ratiosFor(!!options.headImage);
  return {
    mode: options.image ? 'preview' : 'empty',
    ratio: ratios[0]!,
    ratios,
    source: null,
    busy: false,
    errorKey: null,
  };
}

export function cropperReducer(state: CropperState, event: CropperEvent): CropperState {
  // While busy only the outcome of the confirm counts: its crop failing, or its caller's.
  if (state.busy && event.type !== 'confirmFailed' && event.type !== 'cropFailed') return state;
  switch (event.type) {
    case 'fileChosen':
      return {
        ...state,
        mode: 'cropping',
        source: { url: event.url, type: event.fileType },
        errorKey: null,
      };
    case 'fileRejected':
      return { ...state, errorKey: event.errorKey };
    case 'ratioChosen':
      return state.ratios.includes(event.ratio) ? { ...state, ratio: event.ratio } : state;
    case 'confirmStarted':
      return state.mode === 'cropping' ? { ...state, busy: true, errorKey: null } : state;
    case 'confirmFailed':
      return { ...state, busy: false, errorKey: event.errorKey ?? null };
    case 'cropFailed':
      return { ...state, busy: false, errorKey: 'media:errors.cropFailed' };
  }
}

/** Spec 1 §4: closing from cropping mode via the background is ignored. */
export function closesOnBackdrop(state: CropperState): boolean {
  return state.mode !== 'cropping' && !state.busy;
}
