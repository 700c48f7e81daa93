import { useTranslation } from 'react-i18next';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { uploadApi, useGetImageAuditQuery } from '@/api/upload';
import { Dialog } from '@/components/ui/dialog/dialog';
import './audit-dialog.css';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { imageUrl } from '@/lib/image-url';

export interface AuditDialogProps {
  /** The stored image (upload result `image_id`). */
  imageId: string;
  /** Offered once the image passed: the caller saves the url (a cover, an entry image). */
  onPassed?: (url: string) => void;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    audit: AuditDialogProps;
  }
}

/** How often a pending review is asked about again while the dialog is open. */
export const AUDIT_RECHECK_MS = 5000;

/**
 * The audit dialog (spec 1 §2 'audit'; GET /api/v1/audit/images/{imageId}, states inferred):
 * pending (asked again every 5 s and on demand), passed (the image, and "use this image"
 * when the caller can take it), rejected with the reason, or the call's refusal (40405).
 */
export function AuditDialog({ imageId, onPassed, onClose }: HostedDialogProps & AuditDialogProps) {
  const { t } = useTranslation('media');
  // Asked again while pending; a final answer (passed, rejected) or a refusal stops it.
  const known = uploadApi.endpoints.getImageAudit.useQueryState({ imageId });
  const settled = known.isError || (known.data !== undefined && known.data.state !== 'pending');
  const { data, error, isLoading, isFetching, refetch } = useGetImageAuditQuery(
    { imageId },
    { pollingInterval: settled ? 0 : AUDIT_RECHECK_MS, skipPollingIfUnfocused: true },
  );
  const state = error ? null : data?.state;
  const final = state === 'passed' || state === 'rejected';

  let body;
  if (isLoading) body = <p role="status">{t('audit.loading')}</p>;
  else if (error)
    body = (
      <p className="field__error" role="alert">
        {isApiError(error) ? errorText('getImageAudit', error, t) : t('errors:generic')}
      </p>
    );
  else if (state === 'pending') body = <p role="status">{t('audit.pending')}</p>;
  else if (state === 'passed')
    body = (
      <>
        <p role="status">{t('audit.passed')}</p>
        {imageUrl(data?.url) ? (
          <img className="audit-dialog__image" src={imageUrl(data?.url)} alt={t('audit.preview')} />
        ) : null}
      </>
    );
  else
    body = (
      <>
        <p role="status">{t('audit.rejected')}</p>
        {data?.reason ? <p>{t(`audit.reasons.${data.reason}`)}</p> : null}
        <p>{t('audit.another')}</p>
      </>
    );

  const footer = (
    <>
      {!final ? (
        <button
          type="button"
          className="button"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {error ? t('common:actions.retry') : t('audit.checkNow')}
        </button>
      ) : null}
      {state === 'passed' && data?.url && onPassed ? (
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          onClick={() => {
            onPassed(data.url!);
            onClose();
          }}
        >
          {t('audit.use')}
        </button>
      ) : (
        <button type="button" className="button" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      )}
    </>
  );

  return (
    <Dialog title={t('audit.title')} onClose={onClose} size="sm" footer={footer}>
      {body}
    </Dialog>
  );
}
