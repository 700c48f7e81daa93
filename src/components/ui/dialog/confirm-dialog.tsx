import { useTranslation } from 'react-i18next';
import { useOnceSubmit } from '@/lib/use-once-submit';
import { Dialog } from './dialog';

/**
 * Asks before a destructive step. The confirm button waits for the call; the dialog closes
 * either way, because a failed call has already been shown as a toast by the app.
 */
export function ConfirmDialog({
  heading,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  heading: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useOnceSubmit(async () => {
    try {
      await onConfirm();
    } catch {
      // The app's listener has already shown the failure as a toast.
    } finally {
      onClose();
    }
  });
  return (
    <Dialog
      title={heading}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} data-autofocus>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
