import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withNamespaces } from '@/lib/i18n';
import { readOauthReturn, withoutOauthParams, type OauthReturn } from '../model/oauth-return';

const OauthCompletion = lazy(
  withNamespaces(['auth'], () =>
    import('./oauth-completion').then((m) => ({ default: m.OauthCompletion })),
  ),
);

/**
 * Recognises the third-party login's way back at start-up (spec 1 §2: query parameters
 * code, oauth and state), takes those parameters out of the address at once (so a reload
 * or a shared link never replays them), and hands the return to `OauthCompletion`, loaded
 * only when there is one. Mounted by the root layout when the app starts on a return.
 */
export function OauthReturn({ search }: { search: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, from the address the app started with (the root layout keeps it: this module
  // loads only when there is a return, by which time a screen may have moved on).
  const [pending] = useState<OauthReturn | null>(() => readOauthReturn(search));
  const stripped = useRef(false);

  useEffect(() => {
    if (!pending || stripped.current) return;
    stripped.current = true;
    void navigate(
      {
        pathname: location.pathname,
        search: withoutOauthParams(location.search),
        hash: location.hash,
      },
      { replace: true, state: location.state as unknown },
    );
  }, [pending, location, navigate]);

  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <OauthCompletion oauthReturn={pending} />
    </Suspense>
  );
}
