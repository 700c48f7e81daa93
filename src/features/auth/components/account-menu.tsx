import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectIsLoggedIn } from '@/core/session-slice';
import { openDialog } from '@/components/ui/dialog/dialog-store';

/**
 * The signed-in menu (profile, power balance, logout) is its own chunk: an anonymous visitor's
 * first screen only needs the login button.
 */
const SignedInMenu = lazy(() =>
  import('./signed-in-menu').then((m) => ({ default: m.SignedInMenu })),
);

/** Login button when logged out; avatar, power balance and logout when logged in. */
export function AccountMenu() {
  const { t } = useTranslation();
  const loggedIn = useSelector(selectIsLoggedIn);
  if (!loggedIn) {
    return (
      <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
        {t('common:auth.login')}
      </button>
    );
  }
  return (
    <Suspense fallback={<span className="avatar" aria-hidden="true" />}>
      <SignedInMenu />
    </Suspense>
  );
}
