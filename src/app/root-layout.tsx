import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastViewport } from '@/components/ui/toast/toast';
import { LoadingOverlay } from '@/components/ui/loading-overlay/loading-overlay';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { isOauthReturnAddress } from '@/features/auth/model/oauth-mark';
import './dialogs';
import { setNavigator } from './navigation';
import { UNGUARDED_LEAVE } from '@/lib/leave-state';

/** The third-party login's return, loaded only when the app starts on one. */
const OauthReturn = lazy(() =>
  import('@/features/auth/components/oauth-return').then((m) => ({ default: m.OauthReturn })),
);

/** The app frame around every route: toast, overlay, dialogs, title, route-change rules. */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  // The address the app started with, when it is a third-party login's return.
  const [oauthReturn] = useState(() =>
    isOauthReturnAddress(location.search) ? location.search : null,
  );

  useEffect(() => {
    setNavigator(
      (to, { unguarded, ...options } = {}) =>
        void navigate(to, unguarded ? { ...options, state: UNGUARDED_LEAVE } : options),
    );
    return () => setNavigator(null);
  }, [navigate]);

  // Spec 1 §2: each dialog's registration (./dialogs.ts) says whether a route change closes it.
  // In the commit that shows the new page, not after it: a passive effect still pending when
  // the new page's first click opens a dialog would run first and close that dialog.
  useLayoutEffect(() => {
    dialogStore.routeChanged();
  }, [location.pathname]);

  const titleKey = [...matches]
    .reverse()
    .map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey)
    .find(Boolean);
  useEffect(() => {
    const brand = t('common:brand');
    document.title = titleKey ? `${t(`common:${titleKey}`)} · ${brand}` : brand;
  }, [titleKey, t, i18n.language]);

  return (
    <>
      <Outlet />
      <ToastViewport />
      <LoadingOverlay />
      <DialogHost />
      {oauthReturn !== null && (
        <Suspense fallback={null}>
          <OauthReturn search={oauthReturn} />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
