import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/account';
import { credentialsReceived } from '@/api/session-slice';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import type { OauthProviderName } from '../model/oauth-return';

export type LoginMethod = 'phone' | 'email' | OauthProviderName;

/** What `pro_last_login` holds (spec 1 §3 "last login"): how and when the user last logged in. */
export interface LastLogin {
  method: LoginMethod;
  at: number;
}

/**
 * Every way in ends the same: the session takes the tokens (the chat-return listener reacts
 * to that), the last login is remembered, and a success toast says so.
 */
export function useFinishLogin() {
  const dispatch = useDispatch();
  const { t } = useTranslation('auth');
  return useCallback(
    (user: User, method: LoginMethod) => {
      storage.set<LastLogin>(STORAGE_KEYS.lastLogin, { method, at: Date.now() });
      dispatch(
        credentialsReceived({
          uid: user.uid,
          access_token: user.access_token,
          refresh_token: user.refresh_token,
        }),
      );
      dispatch(toastShown({ msg: t('auth:loggedIn') }));
    },
    [dispatch, t],
  );
}
