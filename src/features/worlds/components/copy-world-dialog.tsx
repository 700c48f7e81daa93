import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '@/api/error-messages';
import { useCreateWorldMutation } from '@/api/worlds';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import { paths } from '@/config/paths';
import { shareIdFrom } from '../model/share-id';
import { TextField } from './text-field';
import { useOnceFormSubmit } from '@/lib/use-once-submit';

/** A copy of a shared world from its share id or link; only the share id is sent (spec 1 §5). */
export function CopyWorldDialog({
  onClose,
  initialShareId = '',
}: {
  onClose: () => void;
  initialShareId?: string;
}) {
  const { t } = useTranslation('worlds');
  const navigate = useNavigate();
  const [input, setInput] = useState(initialShareId);
  const [error, setError] = useState<string | null>(null);
  const [createWorld, state] = useCreateWorldMutation();

  async function onSubmit() {
    const shareId = shareIdFrom(input);
    if (!shareId) {
      setError(t('worlds:errors.shareIdRequired'));
      return;
    }
    setError(null);
    try {
      const world = await createWorld({ createWorldBody: { share_id: shareId } }).unwrap();
      onClose();
      void navigate(paths.dashboard.world.getHref(world.id));
    } catch (e) {
      setError(errorText('createWorld', e, t));
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);

  return (
    <Dialog
      title={t('worlds:copy.title')}
      onClose={onClose}
      size="sm"
      dirty={input.trim() !== initialShareId.trim()}
    >
      <form noValidate onSubmit={submitting.onSubmit} className="worlds-form">
        <TextField
          label={t('worlds:copy.label')}
          value={input}
          onChange={setInput}
          error={error}
          placeholder={t('worlds:copy.placeholder')}
          autoFocus
        />
        <div className="worlds-form__actions">
          <DialogCancel className="button">{t('common:actions.cancel')}</DialogCancel>
          <button
            type="submit"
            className="button button--primary"
            disabled={state.isLoading || submitting.busy}
            aria-busy={submitting.busy}
          >
            {t('worlds:copy.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
