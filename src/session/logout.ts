import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { startupApi } from '@/api/account/startup';
import { sessionEnded } from '@/core/session-slice';
import { CHAT_RETURN_COOKIE } from '@/config/paths';
import { deleteCookie } from '@/lib/cookie';
import { storage, STORAGE_KEYS } from '@/lib/storage';

/** Spec 2 §9: the check-in tip is once per browser session (its key lives in sessionStorage). */
export const CHECKIN_SESSION_KEY = 'pro_checkin_tip';

/**
 * Flags that belong to the signed-in person (spec 1 §7: logout "also clears several local
 * storage flags"): retention pop-up, charge tip, check-in tip and the kept chat path. Theme
 * and language are the browser's, not the account's, and stay.
 */
export function clearAccountFlags() {
  storage.remove(STORAGE_KEYS.retentionPopup);
  storage.remove(STORAGE_KEYS.chargeTip);
  try {
    globalThis.sessionStorage?.removeItem(CHECKIN_SESSION_KEY);
  } catch {
    // Storage disabled: nothing was kept either.
  }
  deleteCookie(CHAT_RETURN_COOKIE);
}

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * The one logout (account menu, ban and bind-phone dialogs): tell the server, clear the
 * account's flags, end the session. The session listener then closes the socket, resets
 * the API cache and goes to Novels. The local session ends whatever the server says.
 */
export async function logOut(dispatch: Dispatch): Promise<void> {
  const request = dispatch(startupApi.endpoints.logout.initiate());
  try {
    await request.unwrap();
  } catch {
    // An expired or revoked token cannot log out on the server; locally it still must.
  } finally {
    request.reset();
  }
  clearAccountFlags();
  dispatch(sessionEnded('logout'));
}
