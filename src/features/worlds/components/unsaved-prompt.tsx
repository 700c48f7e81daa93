import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Dialog } from '@/components/ui/dialog/dialog';

/**
 * The save-confirmation prompt on leaving with unsaved changes (spec 1 §2): in-app
 * navigation is held by the router's blocker and asks in a translated dialog; closing or
 * reloading the tab gets the browser's own beforeunload prompt.
 */
export function UnsavedPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation('worlds');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

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
