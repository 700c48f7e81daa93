import { isRejectedWithValue, type TypedStartListening } from '@reduxjs/toolkit';
import { clock } from '@/lib/clock';
import { i18next } from '@/lib/i18n';
import { isApiError, isFailure } from '@/core/api-error';
import { errorText, isSilent } from '@/api/error-messages';
import { credentialsReceived } from '@/core/session-slice';
import { sessionAsked, sessionSaid } from '@/session/events';
import { registerSessionListeners } from '@/session/listeners';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { deleteCookie, getCookie } from '@/lib/cookie';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { themeChanged, themeToggled } from '@/lib/theme/theme-slice';
import { persistTheme } from '@/lib/theme/theme';
import { CHAT_RETURN_COOKIE, paths } from '@/config/paths';
import { navigateTo } from './navigation';
import type { AppDispatch, RootState } from './store';

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
      // Queries show their own error block with a retry; only a failure of the network, the
      // wait or the service also gets a toast.
      if (!isMutation && !isFailure(error)) return;
      api.dispatch(
        toastShown({
          msg: errorText(endpoint, error, (key, values) => i18next.t(key, values ?? {})),
          type: 'error',
        }),
      );
    },
  });

  // Persistence, pro_last_login and the end of a session; spec 1 §2: a logout goes to Novels.
  registerSessionListeners(startListening, {
    onLoggedOut: () => navigateTo(paths.dashboard.novels.getHref(), { unguarded: true }),
  });

  // What the session announces, shown by the shell: its messages as toasts, what it needs of
  // the person (sign in, bind a phone, a ban) as that dialog.
  startListening({
    actionCreator: sessionSaid,
    effect: ({ payload }, api) => void api.dispatch(toastShown(payload)),
  });
  startListening({
    actionCreator: sessionAsked,
    effect({ payload }) {
      if (payload.dialog !== 'ban') {
        openDialog(payload.dialog);
        return;
      }
      // The ban ends by the server's clock, not the device's: its time then, moved on since.
      const askedAt = clock.now();
      openDialog('ban', {
        endS: payload.endS,
        nowMs: () => payload.serverNowMs + clock.now() - askedAt,
      });
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
    predicate: (action) => themeChanged.match(action) || themeToggled.match(action),
    effect(_action, api) {
      persistTheme(api.getState().theme.theme);
    },
  });
}
