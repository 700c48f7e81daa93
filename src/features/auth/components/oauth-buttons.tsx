import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyStartOauthQuery } from '@/api/account';
import { errorText } from '@/api/error-messages';
import { env } from '@/config/env';
import { safeOauthRedirect } from '../model/oauth-redirect';
import { OAUTH_PROVIDERS, type OauthProviderName } from '../model/oauth-return';

/** Sends the browser away; a prop so stories and tests can watch it instead of leaving. */
export type Redirect = (url: string) => void;

export const redirectBrowser: Redirect = (url) => window.location.assign(url);

/**
 * Third-party login (spec 1 §7): GET /v2/oauth/{provider} answers the provider's address and
 * the browser goes there — only if it is the provider's https host or the app itself
 * (`safeOauthRedirect`); any other answer is refused with a message and nothing is opened.
 * The way back is handled by `OauthReturn` at start-up.
 */
export function OauthButtons({
  redirect = redirectBrowser,
  errorKey,
}: {
  redirect?: Redirect | undefined;
  /** A failed return from the provider, reported by `OauthReturn` (a translation key). */
  errorKey?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const [start] = useLazyStartOauthQuery();
  const [redirecting, setRedirecting] = useState<OauthProviderName | null>(null);
  const [busy, setBusy] = useState<OauthProviderName | null>(null);
  const [error, setError] = useState<string | null>(errorKey ? t(errorKey) : null);

  async function onStart(provider: OauthProviderName) {
    setError(null);
    setBusy(provider);
    try {
      const { url } = await start({ provider }).unwrap();
      const target = safeOauthRedirect(url, provider, {
        origin: window.location.origin,
        basePath: env.basePath,
      });
      if (!target) {
        setError(t('auth:errors.oauthUnsafeAddress'));
        return;
      }
      setRedirecting(provider);
      redirect(target.href);
    } catch (e) {
      setError(errorText('startOauth', e, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="login-dialog__oauth" aria-labelledby={titleId}>
      <h3 id={titleId} className="login-dialog__oauth-title">
        {t('auth:oauth.title')}
      </h3>
      <div className="login-dialog__oauth-buttons">
        {OAUTH_PROVIDERS.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`button login-dialog__oauth-button login-dialog__oauth-button--${provider}`}
            disabled={redirecting !== null || busy !== null}
            onClick={() => void onStart(provider)}
          >
            {t('auth:oauth.with', { provider: t(`auth:oauth.${provider}`) })}
          </button>
        ))}
      </div>
      {redirecting ? (
        <p className="login-dialog__status" role="status">
          {t('auth:oauth.redirecting', { provider: t(`auth:oauth.${redirecting}`) })}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
