import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';

/** Spec 1 §2: leaving the editor with unsaved changes asks first. */
export function LeaveDialog(props: {
  onSave: () => Promise<void>;
  onDiscard: () => Promise<void>;
  onStay: () => void;
  /** The last save failure, shown when saving before leaving did not work. */
  failure: string | null;
}) {
  const { t } = useTranslation('writing');
  const [busy, setBusy] = useState(false);
  const act = (fn: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('editor.leave.title')}
      onClose={props.onStay}
      size="sm"
      footer={
        <>
          {/* Focused first: a stray Enter or space keeps the writer here, text and all. */}
          <button type="button" className="button" onClick={props.onStay} data-autofocus>
            {t('editor.leave.stay')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={act(props.onDiscard)}>
            {t('editor.leave.discard')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={act(props.onSave)}
          >
            {t('editor.leave.save')}
          </button>
        </>
      }
    >
      <p>{t('editor.leave.body')}</p>
      {props.failure ? (
        <p className="field__error" role="alert">
          {props.failure}
        </p>
      ) : null}
    </Dialog>
  );
}
