import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useLeaveGuard } from '@/lib/use-leave-guard';

/**
 * The save-confirmation prompt on leaving with unsaved changes (spec 1 §2): in-app
 * navigation is held (`useLeaveGuard`) and asks in a translated dialog; closing or
 * reloading the tab gets the browser's own beforeunload prompt.
 */
export function UnsavedPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation('worlds');
  const blocker = useLeaveGuard(when);

  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog
      title={t('worlds:unsaved.title')}
      onClose={() => blocker.reset()}
      size="sm"
      footer={
        <>
          <button type="button" className="button" data-autofocus onClick={() => blocker.reset()}>
            {t('worlds:unsaved.stay')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => blocker.proceed()}
          >
            {t('worlds:unsaved.leave')}
          </button>
        </>
      }
    >
      <p>{t('worlds:unsaved.text')}</p>
    </Dialog>
  );
}
