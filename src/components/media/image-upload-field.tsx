import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadAbandonedError } from '@/components/media/upload/run-upload';
import type { UploadTarget } from '@/components/media/upload/upload-target';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import type { CropResult } from './crop-output';
import { openCropper } from './open-cropper';
import { openImageViewer } from './open-image-viewer';
import { useImageUpload } from './use-image-upload';
import './image-upload-field.css';
import { imageUrl } from '@/lib/image-url';

export interface ImageUploadFieldProps {
  /** What the image is for: `{kind: 'cover', worldId}`, `{kind: 'entry', worldId, entryId}` … */
  target: UploadTarget;
  /** Visible label of the field. */
  label: string;
  /** The current image url, or null. */
  value: string | null;
  /** Called with the stored image's url once the upload passed; the caller saves it. */
  onUploaded: (url: string | null, crop: CropResult) => void;
  /** Cropper title (default 'change avatar'). */
  title?: string;
  /** 1:1 only (avatars, entry avatars). */
  headImage?: boolean;
  /** PNG sources become palette PNGs. */
  identify?: boolean;
  /** False: the current image can be viewed but not changed. */
  editable?: boolean;
}

/**
 * A current image with a button that opens the cropper and uploads the crop. When the result
 * polls give up (spec 1 §4: 60 polls, no message) on an image the server named, the cropper
 * closes and the field says the image is still under review, with the audit dialog one click
 * away; an image that passes there is taken as if the upload had finished.
 */
export function ImageUploadField({
  target,
  label,
  value,
  onUploaded,
  title,
  headImage = false,
  identify = false,
  editable = true,
}: ImageUploadFieldProps) {
  const { t } = useTranslation('media');
  const { upload } = useImageUpload(target);
  const [underReview, setUnderReview] = useState<{ imageId: string; crop: CropResult } | null>(
    null,
  );

  function openAudit(review: { imageId: string; crop: CropResult }) {
    openDialog('audit', {
      imageId: review.imageId,
      onPassed(url) {
        setUnderReview(null);
        onUploaded(url, review.crop);
      },
    });
  }

  function open() {
    openCropper({
      ...(title ? { title } : {}),
      headImage,
      identify,
      image: value,
      editable,
      async onConfirm(crop) {
        let url: string | null;
        try {
          url = await upload(crop);
        } catch (error) {
          if (error instanceof UploadAbandonedError && error.imageId) {
            setUnderReview({ imageId: error.imageId, crop });
            return;
          }
          throw error;
        }
        setUnderReview(null);
        onUploaded(url, crop);
      },
    });
  }

  return (
    <div className="field image-upload-field">
      <span className="field__label">{label}</span>
      <div className="image-upload-field__row">
        {imageUrl(value) ? (
          <img
            src={imageUrl(value)}
            alt={label}
            className={`image-upload-field__image${headImage ? ' image-upload-field__image--head' : ''}`}
          />
        ) : (
          <span className="image-upload-field__placeholder">{t('field.none')}</span>
        )}
        {editable || value ? (
          <button type="button" className="button" onClick={open}>
            {value ? (editable ? t('field.change') : t('field.view')) : t('field.upload')}
          </button>
        ) : null}
        {value ? (
          <button
            type="button"
            className="button"
            aria-label={t('field.enlargeLabel', { label })}
            onClick={() => openImageViewer({ images: [{ src: value, alt: label }] })}
          >
            {t('field.enlarge')}
          </button>
        ) : null}
      </div>
      {underReview ? (
        <p className="field__hint" role="status">
          {t('field.underReview')}{' '}
          <button type="button" className="button" onClick={() => openAudit(underReview)}>
            {t('field.reviewStatus')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
