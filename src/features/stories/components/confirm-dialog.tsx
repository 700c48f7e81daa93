import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';

/** Asks before a destructive step; the confirm button waits for the call. */
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
  /** Errors are toasted by the app; the dialog closes either way. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={heading} onClose={onClose} size="sm">
      <p>{text}</p>
      <div className="stories-form__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('common:actions.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } catch {
              // The app's listener has already shown the failure as a toast.
            } finally {
              onClose();
            }
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
