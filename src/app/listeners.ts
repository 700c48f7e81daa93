import { isRejectedWithValue, type TypedStartListening } from '@reduxjs/toolkit';
import { i18next } from '@/lib/i18n';
import { baseApi } from '@/api/base-api';
import { isApiError } from '@/api/api-error';
import { errorText, isSilent } from '@/api/error-messages';
import { credentialsReceived, sessionEnded, sessionSlice } from '@/api/session-slice';
import { deleteCookie, getCookie } from '@/lib/cookie';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { themeChanged, themeToggled } from '@/lib/theme/theme-slice';
import { persistTheme } from '@/lib/theme/theme';
import { persistSession } from '@/app/session-persistence';
import { clearAccountData } from '@/lib/storage';
import { CHAT_RETURN_COOKIE, paths } from '@/config/paths';
import { navigateTo } from './navigation';
import type { AppDispatch, RootState } from './store';

/** Spec 2 §4: the login-state error message is followed by the login dialog after 500 ms. */
export const LOGIN_DIALOG_DELAY_MS = 500;

const SESSION_END_MESSAGES = {
  expired: 'errors:sessionExpired',
  stateError: 'session:startup.loginStateError',
  reset: 'session:startup.userMissing',
} as const;

export function registerListeners(startListening: TypedStartListening<RootState, AppDispatch>) {
  // Failed calls become one translated toast, resolved from (endpoint, code).
  startListening({
    matcher: isRejectedWithValue,
    effect(action, api) {
      const meta = action.meta as { arg?: { endpointName?: string; type?: string } };
      const endpoint = meta.arg?.endpointName;
      if (!endpoint || !isApiError(action.payload)) return;
      if (isSilent(endpoint)) return;
      const error = action.payload;
      // An expired session is announced once by the sessionEnded listener.
      if (error.status === 401 && error.code === 40103) return;
      const isMutation = meta.arg?.type === 'mutation';
      const connectivity =
        error.kind === 'network' || error.kind === 'timeout' || error.status >= 500;
      // Queries show their own error block with a retry; only connectivity also gets a toast.
      if (!isMutation && !connectivity) return;
      api.dispatch(
        toastShown({ msg: errorText(endpoint, error, (key) => i18next.t(key)), type: 'error' }),
      );
    },
  });

  startListening({
    actionCreator: sessionEnded,
    async effect(action, api) {
      // Concurrent calls that meet the same dead token each report it: act once, for the
      // session that was actually open (a second login dialog would wipe what the user typed).
      const before = api.getOriginalState()[sessionSlice.reducerPath];
      if (action.payload !== 'logout' && !before.accessToken) return;
      api.dispatch(baseApi.util.resetApiState());
      // Spec 1 §2: after logout the user is sent to Novels.
      if (action.payload === 'logout') {
        navigateTo(paths.dashboard.novels.getHref());
        return;
      }
      // login_reset (spec 2 §4): the account is gone, so is what the app kept for it.
      if (action.payload === 'reset') clearAccountData();
      await i18next.loadNamespaces('session');
      api.dispatch(
        toastShown({ msg: i18next.t(SESSION_END_MESSAGES[action.payload]), type: 'error' }),
      );
      // Spec 2 §4, §8: the message is followed by the login dialog after 500 ms.
      await api.delay(LOGIN_DIALOG_DELAY_MS);
      openDialog('login');
    },
  });

  // Spec 1 §2: the chat path kept by the guard is restored after login.
  startListening({
    actionCreator: credentialsReceived,
    effect() {
      const back = getCookie(CHAT_RETURN_COOKIE);
      if (!back) return;
      deleteCookie(CHAT_RETURN_COOKIE);
      if (back.startsWith('/')) navigateTo(back);
    },
  });

  startListening({
    predicate: (_action, current, previous) =>
      current[sessionSlice.reducerPath] !== previous[sessionSlice.reducerPath],
    effect(_action, api) {
      persistSession(api.getState()[sessionSlice.reducerPath]);
    },
  });

  startListening({
    predicate: (action) => themeChanged.match(action) || themeToggled.match(action),
    effect(_action, api) {
      persistTheme(api.getState().theme.theme);
    },
  });
}
