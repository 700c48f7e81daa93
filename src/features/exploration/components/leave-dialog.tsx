import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/api/error-messages';
import { useCreateChatArchiveMutation } from '@/api/exploration';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useOnceSubmit } from '@/lib/use-once-submit';

/**
 * Leaving with unsaved progress (`is_saved` false, or a reply still streaming): save first
 * and leave, leave without saving, or stay (focused, the safe choice).
 */
export function LeaveDialog({
  gameId,
  onStay,
  onLeave,
}: {
  gameId: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const [save, call] = useCreateChatArchiveMutation();
  const [error, setError] = useState<string | null>(null);
  const saving = useOnceSubmit(async () => {
    const result = await save({ gameId, chatArchiveBody: {} });
    if ('error' in result) setError(errorText('createChatArchive', result.error, t));
    else onLeave();
  });
  return (
    <Dialog
      title={t('exploration:leave.title')}
      onClose={onStay}
      size="sm"
      footer={
        <>
          <button type="button" className="button" onClick={onStay} data-autofocus>
            {t('exploration:leave.stay')}
          </button>
          <button type="button" className="button" onClick={onLeave}>
            {t('exploration:leave.leave')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={call.isLoading || saving.busy}
            aria-busy={saving.busy}
            onClick={() => void saving.run()}
          >
            {t('exploration:leave.saveAndLeave')}
          </button>
        </>
      }
    >
      <p>{t('exploration:leave.text')}</p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
