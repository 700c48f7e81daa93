import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { checkImageFile } from '@/components/media/upload/check-file';
import { ZOOM_STEP, type CropRatio } from './crop-geometry';
import type { CropResult } from './crop-output';
import { closesOnBackdrop, cropperReducer, initialCropperState } from './cropper-machine';
import { CropperStage, type CropperStageHandle } from './cropper-stage';
import './cropper-dialog.css';
import { safeImageSrc } from '@/lib/safe-url';

export interface CropperDialogProps {
  /** Defaults to 'change avatar' (spec 1 §2). */
  title?: string;
  /** Head images are fixed at 1:1 and the ratio tabs are hidden. */
  headImage?: boolean;
  /** A PNG source is written as a 256-colour palette PNG instead of JPEG. */
  identify?: boolean;
  /** The current image: the dialog opens in preview mode. */
  image?: string | null;
  /** False hides the edit-image button of preview mode. */
  editable?: boolean;
  /** Shows a preview button that renders the crop before confirming. */
  showPreview?: boolean;
  /**
   * Receives the crop. The dialog waits for a returned promise (an upload) and closes when it
   * resolves; when it rejects the dialog stays, so the user can try again or cancel.
   */
  onConfirm: (result: CropResult) => unknown;
  onCancel?: () => void;
  /** Starts cropping this local file (stories). */
  initialFile?: File;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    cropper: CropperDialogProps;
  }
}

const RATIO_KEYS: Record<CropRatio, string> = { '1:2': 'portrait', '1:1': 'square' };

/** The image cropper dialog (spec 1 §2, §4, §9), shared by avatars, covers and entry images. */
export function CropperDialog({
  onClose,
  title,
  headImage = false,
  identify = false,
  image = null,
  editable = true,
  showPreview = false,
  onConfirm,
  onCancel,
  initialFile,
}: HostedDialogProps & CropperDialogProps) {
  const { t } = useTranslation('media');
  // A file handed in by the caller starts the dialog in cropping mode.
  const [initialUrl] = useState(() =>
    initialFile && !checkImageFile(initialFile) ? URL.createObjectURL(initialFile) : null,
  );
  const [state, send] = useReducer(cropperReducer, null, () => {
    const start = initialCropperState({ image, headImage });
    return initialUrl && initialFile
      ? cropperReducer(start, { type: 'fileChosen', url: initialUrl, fileType: initialFile.type })
      : start;
  });
  const [ready, setReady] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const stageRef = useRef<CropperStageHandle>(null);
  const urls = useRef<string[]>(initialUrl ? [initialUrl] : []);

  const remember = (url: string) => {
    urls.current.push(url);
    return url;
  };
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  function choose(file: File | undefined) {
    if (!file) return;
    const rejected = checkImageFile(file);
    if (rejected) {
      send({ type: 'fileRejected', errorKey: `media:errors.${rejected.kind}` });
      return;
    }
    setReady(false);
    setPreviewUrl(null);
    send({ type: 'fileChosen', url: remember(URL.createObjectURL(file)), fileType: file.type });
  }

  async function confirm() {
    if (!stageRef.current) return;
    send({ type: 'confirmStarted' });
    let result: CropResult;
    try {
      result = await stageRef.current.crop();
    } catch {
      send({ type: 'cropFailed' });
      return;
    }
    try {
      await onConfirm(result);
    } catch {
      send({ type: 'confirmFailed' });
      return;
    }
    onClose();
  }

  async function preview() {
    try {
      const result = await stageRef.current!.crop();
      setPreviewUrl(remember(URL.createObjectURL(result.blob)));
    } catch {
      send({ type: 'cropFailed' });
    }
  }

  function cancel() {
    onCancel?.();
    onClose();
  }

  const pickButton = (label: string) => (
    <button
      type="button"
      className="button"
      disabled={state.busy}
      onClick={() => inputRef.current?.click()}
    >
      {label}
    </button>
  );

  return (
    <Dialog
      title={title ?? t('cropper.title')}
      onClose={cancel}
      closeOnBackdrop={closesOnBackdrop(state)}
      size="md"
      className="cropper-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={cancel} disabled={state.busy}>
            {t('cropper.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void confirm()}
            disabled={state.mode !== 'cropping' || !ready || state.busy}
            aria-busy={state.busy}
          >
            {state.busy ? t('cropper.saving') : t('cropper.confirm')}
          </button>
        </>
      }
    >
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="cropper-dialog__file"
        aria-label={t('cropper.fileInput')}
        tabIndex={-1}
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />

      {state.mode === 'preview' ? (
        <div className="cropper-dialog__preview">
          <img
            src={safeImageSrc(image)}
            alt={t('cropper.current')}
            className="cropper-dialog__current"
          />
          {editable ? pickButton(t('cropper.edit')) : null}
        </div>
      ) : null}

      {state.mode === 'empty' ? (
        <div className="cropper-dialog__empty">
          <p>{t('cropper.chooseHint')}</p>
          {pickButton(t('cropper.choose'))}
        </div>
      ) : null}

      {state.mode === 'cropping' && state.source ? (
        <div className="cropper-dialog__cropping">
          {state.ratios.length > 1 ? (
            <div className="cropper-dialog__ratios" role="group" aria-label={t('cropper.ratio')}>
              {state.ratios.map((r) => (
                <button
                  key={r}
                  type="button"
                  className="cropper-dialog__ratio"
                  aria-pressed={state.ratio === r}
                  disabled={state.busy}
                  onClick={() => send({ type: 'ratioChosen', ratio: r })}
                >
                  {t(`cropper.ratios.${RATIO_KEYS[r]}`)}
                </button>
              ))}
            </div>
          ) : null}
          <CropperStage
            ref={(handle) => {
              stageRef.current = handle;
              setReady(!!handle);
            }}
            src={safeImageSrc(state.source.url)}
            ratio={state.ratio}
            sourceType={state.source.type}
            identify={identify}
            label={t('cropper.stage')}
            onError={() => send({ type: 'cropFailed' })}
          />
          <div className="cropper-dialog__tools">
            <button
              type="button"
              className="button"
              aria-label={t('cropper.zoomOut')}
              disabled={state.busy}
              onClick={() => stageRef.current?.zoom(-ZOOM_STEP)}
            >
              −
            </button>
            <button
              type="button"
              className="button"
              aria-label={t('cropper.zoomIn')}
              disabled={state.busy}
              onClick={() => stageRef.current?.zoom(ZOOM_STEP)}
            >
              +
            </button>
            {pickButton(t('cropper.another'))}
            {showPreview ? (
              <button
                type="button"
                className="button"
                disabled={state.busy}
                onClick={() => void preview()}
              >
                {t('cropper.preview')}
              </button>
            ) : null}
          </div>
          {safeImageSrc(previewUrl) ? (
            <img
              src={safeImageSrc(previewUrl)}
              alt={t('cropper.previewAlt')}
              className="cropper-dialog__result"
            />
          ) : null}
        </div>
      ) : null}

      {state.errorKey ? (
        <p className="field__error" role="alert">
          {t(state.errorKey)}
        </p>
      ) : null}
    </Dialog>
  );
}
