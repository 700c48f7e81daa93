import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';
import { GuardedScreen } from './held-screen';
import {
  selectEndedUid,
  selectIsLoggedIn,
  selectSessionEndedBy,
  selectUid,
} from '@/core/session-slice';
import { dialogStore, openDialog } from '@/components/ui/dialog/dialog-store';
import { setCookie } from '@/lib/cookie';
import { CHAT_RETURN_COOKIE, CHAT_RETURN_MAX_AGE_S, paths } from '@/config/paths';

/** The account and the place (path and query) a guarded screen was shown for. */
interface Shown {
  uid: string;
  at: string;
}

/**
 * Login guard for the L routes of spec 1 §2. A logged-out visitor sees a sign-in panel in
 * place of the screen and the login dialog opens (not right after a deliberate logout).
 * The chat route is special: back to Novels with the login dialog, the path kept in a
 * cookie for 5 minutes and restored after login.
 *
 * A session that ends without a logout (`endedUid`) keeps the screen it ended on: held,
 * read-only, under the login dialog (`GuardedScreen`), until its account signs in again and
 * it is live again. Another account gets the screen anew (keyed by uid); a move elsewhere
 * while signed out gives it up for the sign-in panel.
 */
export function RequireAuth() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const uid = useAppSelector(selectUid);
  const endedBy = useAppSelector(selectSessionEndedBy);
  const endedUid = useAppSelector(selectEndedUid);
  const location = useLocation();
  const here = location.pathname + location.search;
  const isChat = location.pathname === paths.chat.path;
  const askedToLogin = (location.state as { openLogin?: boolean } | null)?.openLogin === true;

  const [shown, setShown] = useState<Shown | null>(null);
  const held = !loggedIn && shown !== null && shown.uid === endedUid && shown.at === here;
  const next = loggedIn && uid ? { uid, at: here } : held ? shown : null;
  if (next?.uid !== shown?.uid || next?.at !== shown?.at) setShown(next);

  useEffect(() => {
    if (loggedIn || held) return;
    // The chat route hands over to Novels, whose guard opens the dialog (once).
    if (isChat)
      setCookie(CHAT_RETURN_COOKIE, location.pathname + location.search, CHAT_RETURN_MAX_AGE_S);
    // A session that just ended is announced by the session listener, which opens the dialog
    // after its message (spec 2 §4); opening it here too would re-mount it under the user's
    // typing. After a deliberate logout it stays closed unless asked for. A login dialog
    // already open (with what was typed, or a message such as a refused third-party login
    // that came back to this screen) is left as it is.
    else if ((endedBy === null || askedToLogin) && !dialogStore.isOpen('login'))
      openDialog('login');
  }, [loggedIn, held, isChat, endedBy, askedToLogin, location.pathname, location.search]);

  if (loggedIn || held)
    return (
      <GuardedScreen key={(loggedIn ? uid : endedUid) ?? ''} held={held}>
        <Outlet />
      </GuardedScreen>
    );
  if (isChat)
    return <Navigate to={paths.dashboard.novels.getHref()} replace state={{ openLogin: true }} />;
  return <LoginRequired />;
}

function LoginRequired() {
  const { t } = useTranslation();
  return (
    <section className="empty-state" aria-labelledby="login-required-title">
      <svg
        className="empty-state__icon"
        width="56"
        height="56"
        viewBox="0 0 24 24"
        aria-hidden="true"
      >
        <path
          d="M7 10V7a5 5 0 0 1 10 0v3M5 10h14v10H5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <h1 id="login-required-title" className="empty-state__title">
        {t('common:auth.loginRequiredTitle')}
      </h1>
      <p className="empty-state__text">{t('common:auth.loginRequiredText')}</p>
      <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
        {t('common:auth.login')}
      </button>
    </section>
  );
}
