import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { useCreateReportMutation, type ReportType } from '@/api/social';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { useLoginFirst } from '@/components/ui/dialog/use-login-first';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { Icon } from '@/components/ui/icon/icons';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { REPORT_DESCRIPTION_MAX, REPORT_IMAGES_MAX, reportDescriptionLength } from '@/rules/report';
import {
  REPORT_TYPES,
  reportErrorPlace,
  reportProblems,
  reportTypeKey,
} from './report-dialog-model';
import { useReportImages, type ReportImage } from './report-dialog-images';
import './report-dialog.css';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';
import { safeImageSrc } from '@/lib/safe-url';

export interface ReportTarget {
  kind: 'story' | 'universe' | 'user';
  /** The share id of a story or world, or the user's uid. */
  id: string;
  /** The work's title or the user's name, shown in the dialog's heading. */
  title?: string;
}

export interface ReportDialogProps {
  target: ReportTarget;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    report: ReportDialogProps;
  }
}

/** Opens the report dialog (registered as `report` in src/app/dialogs.ts). */
export function openReport(props: ReportDialogProps): number {
  return openDialog('report', props);
}

/**
 * Report a shared story, world or a user (spec 1 §2, §5 "Report", §8 "Report"): a reason is
 * required, the description at most 200 (the shared counter, live), up to 3 images through the
 * upload pipeline, each opened in the image viewer. Refusals show where they belong (42244 at
 * the description; 40324, 42245, 40406, 40407 above the buttons) and keep everything typed.
 * Reporting needs login: opened logged out, it asks for the login and comes back after it.
 */
export function ReportDialog({ target, onClose }: HostedDialogProps & ReportDialogProps) {
  const needsLogin = useLoginFirst(onClose, () => openReport({ target }));
  if (needsLogin) return null;
  return <ReportForm target={target} onClose={onClose} />;
}

const NO_DESCRIPTION = { description: '' };

function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation('social');
  const dispatch = useDispatch();
  const [createReport, { isLoading: sending }] = useCreateReportMutation();
  const [type, setType] = useState<ReportType | null>(null);
  // Durable text: kept at every key per reported object, back when the dialog reopens on it.
  const uid = useSelector(selectUid);
  const durable = useDurableText(
    uid ? `report:${uid}:${target.kind}:${target.id}` : null,
    NO_DESCRIPTION,
    { mode: 'merge' },
  );
  const description = durable.values.description;
  const setDescription = (value: string) => durable.set('description', value);
  const [typeError, setTypeError] = useState(false);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const images = useReportImages(t);
  const fileInput = useRef<HTMLInputElement>(null);
  const typeErrorId = useId();
  const imagesId = useId();
  const typeRefs = useRef<Partial<Record<ReportType, HTMLInputElement | null>>>({});
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const maxLength = useMaxLength(REPORT_DESCRIPTION_MAX, { elementRef: descriptionRef });

  const length = reportDescriptionLength(description);
  const over = length > REPORT_DESCRIPTION_MAX;
  const tooLongText = t('social:report.errors.descriptionTooLong');
  // Live: the field says so as soon as the description is over 200.
  const shownDescriptionError = over ? tooLongText : descriptionError;

  const heading = target.title
    ? t(`social:report.titleOf.${target.kind}`, { title: target.title })
    : t(`social:report.title.${target.kind}`);

  async function submit() {
    if (sending || images.uploading) return;
    const problems = reportProblems({ type, description });
    setTypeError(Boolean(problems.type));
    setFormError(null);
    if (problems.type) {
      typeRefs.current[REPORT_TYPES[0]!]?.focus();
      return;
    }
    if (problems.description || !type) {
      descriptionRef.current?.focus();
      return;
    }
    try {
      await createReport({
        reportBody: {
          target_kind: target.kind,
          target_id: target.id,
          type,
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(images.fileIds.length ? { images: images.fileIds } : {}),
        },
      }).unwrap();
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      const message = errorText('createReport', error, t);
      if (reportErrorPlace(code) === 'description') {
        setDescriptionError(message);
        descriptionRef.current?.focus();
      } else setFormError(message);
      return;
    }
    // The server has it: the kept copy goes.
    durable.saved(NO_DESCRIPTION);
    dispatch(toastShown({ msg: t('social:report.sent') }));
    onClose();
  }

  const submitting = useOnceFormSubmit(submit);

  const viewerImages = images.images.map((image, i) => ({
    src: image.preview,
    alt: t('social:report.images.alt', { n: i + 1 }),
  }));

  return (
    <Dialog
      title={heading}
      onClose={onClose}
      size="md"
      className="report-dialog"
      dirty={durable.dirty || images.images.length > 0}
      onDiscard={durable.revert}
    >
      <form className="report-dialog__form" onSubmit={submitting.onSubmit} noValidate>
        <fieldset
          className="report-dialog__types"
          role="radiogroup"
          aria-required="true"
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? typeErrorId : undefined}
        >
          <legend className="field__label">
            {t('social:report.typeLabel')}{' '}
            <span className="report-dialog__required">{t('social:report.required')}</span>
          </legend>
          <div className="report-dialog__type-list">
            {REPORT_TYPES.map((value, i) => (
              <label key={value} className="report-dialog__type">
                <input
                  ref={(el) => {
                    typeRefs.current[value] = el;
                  }}
                  type="radio"
                  name="report-type"
                  value={value}
                  checked={type === value}
                  required
                  aria-describedby={typeError ? typeErrorId : undefined}
                  data-autofocus={i === 0 ? true : undefined}
                  onChange={() => {
                    setType(value);
                    setTypeError(false);
                  }}
                />
                <span>{t(reportTypeKey(value))}</span>
              </label>
            ))}
          </div>
          {typeError ? (
            <span id={typeErrorId} className="field__error" role="alert">
              {t('social:report.errors.typeRequired')}
            </span>
          ) : null}
        </fieldset>

        <Field
          label={t('social:report.descriptionLabel')}
          error={shownDescriptionError ?? maxLength.message}
          hint={t('social:report.counter', { count: length, max: REPORT_DESCRIPTION_MAX })}
          hintClassName={`report-dialog__counter${over ? ' report-dialog__counter--over' : ''}`}
        >
          {(control) => (
            <textarea
              {...control}
              ref={maxLength.ref}
              rows={4}
              value={description}
              placeholder={t('social:report.descriptionPlaceholder')}
              onChange={(e) => {
                setDescription(e.target.value);
                if (descriptionError) setDescriptionError(null);
              }}
            />
          )}
        </Field>

        <div className="field" role="group" aria-labelledby={`${imagesId}-label`}>
          <span id={`${imagesId}-label`} className="field__label">
            {t('social:report.images.label', { max: REPORT_IMAGES_MAX })}
          </span>
          <ul className="report-dialog__images" aria-label={t('social:report.images.list')}>
            {images.images.map((image, i) => (
              <ReportThumb
                key={image.key}
                image={image}
                n={i + 1}
                onOpen={() => openDialog('imageViewer', { images: viewerImages, index: i })}
                onRemove={() => images.remove(image.key)}
              />
            ))}
            {images.images.length < REPORT_IMAGES_MAX ? (
              <li>
                <button
                  type="button"
                  className="report-dialog__add"
                  onClick={() => fileInput.current?.click()}
                >
                  <Icon name="plus" size={20} />
                  <span>{t('social:report.images.add')}</span>
                </button>
              </li>
            ) : null}
          </ul>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            hidden
            data-testid="report-image-input"
            onChange={(e) => {
              images.add(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <span className="field__hint">
            {t('social:report.images.hint', {
              count: images.images.length,
              max: REPORT_IMAGES_MAX,
            })}
          </span>
          {images.notice ? (
            <span className="field__error" role="alert">
              {images.notice === 'limit'
                ? t('social:report.images.limit', { max: REPORT_IMAGES_MAX })
                : t(`media:errors.${images.notice}`)}
            </span>
          ) : null}
        </div>

        {formError ? (
          <p className="report-dialog__error" role="alert">
            <Icon name="warning" size={16} /> {formError}
          </p>
        ) : null}
        {images.uploading ? (
          <p className="field__hint" role="status">
            {t('social:report.images.waiting')}
          </p>
        ) : null}

        <div className="report-dialog__actions">
          <DialogCancel className="button">{t('common:actions.cancel')}</DialogCancel>
          <button
            type="submit"
            className="button button--primary"
            disabled={sending || submitting.busy || images.uploading}
            aria-busy={sending || submitting.busy}
          >
            {sending ? t('social:report.sending') : t('social:report.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ReportThumb({
  image,
  n,
  onOpen,
  onRemove,
}: {
  image: ReportImage;
  n: number;
  onOpen: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('social');
  let status: string | null = null;
  if (image.phase === 'posting')
    status = t('social:report.images.progress', { percent: image.percent });
  else if (image.phase === 'requesting') status = t('social:report.images.starting');
  else if (image.phase === 'checking') status = t('social:report.images.checking');
  const failed = image.phase === 'failed';
  return (
    <li className={`report-dialog__thumb${failed ? ' report-dialog__thumb--failed' : ''}`}>
      <button
        type="button"
        className="report-dialog__thumb-open"
        aria-label={t('social:report.images.open', { n })}
        onClick={onOpen}
      >
        {safeImageSrc(image.preview) ? <img src={safeImageSrc(image.preview)} alt="" /> : null}
        {status ? (
          <span className="report-dialog__thumb-status" role="status">
            {status}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        className="report-dialog__thumb-remove icon-button"
        aria-label={t('social:report.images.remove', { n })}
        onClick={onRemove}
      >
        <Icon name="close" size={14} />
      </button>
      {failed ? (
        <span className="report-dialog__thumb-error field__error" role="alert">
          {image.message}
        </span>
      ) : null}
    </li>
  );
}
