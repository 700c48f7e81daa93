import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useCompleteOauthMutation } from '@/api/account';
import { isApiError } from '@/api/api-error';
import { resolveErrorMessage } from '@/api/error-messages';
import { dialogStore, openDialog } from '@/components/ui/dialog/dialog-store';
import { overlayClosed, overlayOpened } from '@/components/ui/loading-overlay/overlay-slice';
import type { OauthReturn } from '../model/oauth-return';
import { useFinishLogin } from './use-finish-login';

interface OverlayHost {
  overlay: { seq: number };
}

/**
 * Finishes a third-party login: POST /v2/oauth/{provider}/callback {state, code}, then the
 * same success as every login. A refusal (the provider's, or the callback's 42200 for a bad
 * or spent state) opens the login dialog with the reason; the user stays logged out.
 */
export function OauthCompletion({ oauthReturn }: { oauthReturn: OauthReturn }) {
  const { t } = useTranslation('auth');
  const store = useStore<OverlayHost>();
  const finish = useFinishLogin();
  const [complete] = useCompleteOauthMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (oauthReturn.kind !== 'complete') {
      openDialog('login', {
        oauthErrorKey:
          oauthReturn.kind === 'denied' ? 'auth:errors.oauthDenied' : 'auth:errors.oauthFailed',
      });
      return;
    }
    const { provider, code, state } = oauthReturn;
    store.dispatch(
      overlayOpened({
        text: t('auth:oauth.completing', { provider: t(`auth:oauth.${provider}`) }),
      }),
    );
    const overlayId = store.getState().overlay.seq;
    complete({ provider, oauthCallbackBody: { state, code } })
      .unwrap()
      .then(
        (user) => {
          finish(user, provider);
          // A guarded screen may have asked for the login meanwhile; it is no longer needed.
          dialogStore.closeByName('login');
        },
        (error: unknown) => {
          const key = isApiError(error) ? resolveErrorMessage('completeOauth', error).key : null;
          openDialog('login', { oauthErrorKey: key ?? 'auth:errors.oauthFailed' });
        },
      )
      .finally(() => store.dispatch(overlayClosed(overlayId)));
  }, [oauthReturn, store, finish, complete, t]);

  return null;
}
