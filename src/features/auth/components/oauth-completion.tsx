import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import {
  useCompleteOauthMutation,
  useGetOauthUserTokenMutation,
  useOauthProxyLoginMutation,
} from '@/api/account';
import { isApiError } from '@/core/api-error';
import { resolveErrorMessage } from '@/api/error-messages';
import { dialogStore, openDialog } from '@/components/ui/dialog/dialog-store';
import { env } from '@/config/env';
import { overlayClosed, overlayOpened } from '@/components/ui/loading-overlay/overlay-slice';
import type { OauthReturn } from '../model/oauth-return';
import { useFinishLogin } from './use-finish-login';

interface OverlayHost {
  overlay: { seq: number };
}

/**
 * Finishes a third-party login in three calls (spec 1 §7): the callback
 * (POST /v2/oauth/{provider}/callback {state, code}) answers a ticket, the third-party auth
 * host trades it for a user token (POST oauth2/user_token), and the proxy login
 * (POST /api/v1/auth/oauth_proxy/login) answers the session; then the same success as every
 * login. A refusal (the provider's, a bad or spent state, an expired ticket or user token)
 * opens the login dialog with the reason of the step that failed; the user stays logged out.
 */
export function OauthCompletion({ oauthReturn }: { oauthReturn: OauthReturn }) {
  const { t } = useTranslation('auth');
  const store = useStore<OverlayHost>();
  const finish = useFinishLogin();
  const [complete] = useCompleteOauthMutation();
  const [userToken] = useGetOauthUserTokenMutation();
  const [proxyLogin] = useOauthProxyLoginMutation();
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
    // Which call failed decides the message ((endpoint, code), not the code alone).
    let step = 'completeOauth';
    const run = async () => {
      const { ticket } = await complete({ provider, oauthCallbackBody: { state, code } }).unwrap();
      step = 'getOauthUserToken';
      const token = await userToken({
        oauthUserTokenBody: {
          grant_type: 'authorization_code',
          code: ticket,
          provider,
          client_id: env.appType,
        },
      }).unwrap();
      step = 'oauthProxyLogin';
      return proxyLogin({
        oauthProxyLoginBody: { provider, user_token: token.user_token, client_id: env.appType },
      }).unwrap();
    };
    run()
      .then(
        (user) => {
          finish(user, provider);
          // A guarded screen may have asked for the login meanwhile; it is no longer needed.
          dialogStore.closeByName('login');
        },
        (error: unknown) => {
          const key = isApiError(error) ? resolveErrorMessage(step, error).key : null;
          openDialog('login', { oauthErrorKey: key ?? 'auth:errors.oauthFailed' });
        },
      )
      .finally(() => store.dispatch(overlayClosed(overlayId)));
  }, [oauthReturn, store, finish, complete, userToken, proxyLogin, t]);

  return null;
}
