import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/account';
import { credentialsReceived } from '@/core/session-slice';
import { toastShown } from '@/components/ui/toast/toast-slice';
import type { OauthProviderName } from '../model/oauth-return';

export type LoginMethod = 'phone' | 'email' | OauthProviderName;

/**
 * Every way in ends the same: the session takes the tokens with the way in (the session's
 * listener remembers it as `pro_last_login`, the chat-return listener reacts too), and a
 * success toast says so.
 */
export function useFinishLogin() {
  const dispatch = useDispatch();
  const { t } = useTranslation('auth');
  return useCallback(
    (user: User, method: LoginMethod) => {
      dispatch(
        credentialsReceived({
          uid: user.uid,
          access_token: user.access_token,
          refresh_token: user.refresh_token,
          method,
        }),
      );
      dispatch(toastShown({ msg: t('auth:loggedIn') }));
    },
    [dispatch, t],
  );
}
