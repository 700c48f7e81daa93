import { useTranslation } from 'react-i18next';
import type { UploadTarget } from '@/components/media/upload/upload-target';
import type { CropResult } from './crop-output';
import { openCropper } from './open-cropper';
import { useImageUpload } from './use-image-upload';
import './image-upload-field.css';

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

/** A current image with a button that opens the cropper and uploads the crop. */
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

  function open() {
    openCropper({
      ...(title ? { title } : {}),
      headImage,
      identify,
      image: value,
      editable,
      async onConfirm(crop) {
        onUploaded(await upload(crop), crop);
      },
    });
  }

  return (
    <div className="field image-upload-field">
      <span className="field__label">{label}</span>
      <div className="image-upload-field__row">
        {value ? (
          <img
            src={value}
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
      </div>
    </div>
  );
}
