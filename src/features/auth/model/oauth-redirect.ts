import { OAUTH_ALLOW_SAME_ORIGIN, OAUTH_PROVIDER_HOSTS } from '@/config/oauth';
import type { OauthProviderName } from './oauth-return';

export interface AppLocation {
  /** The page's origin, e.g. https://inkworld.example. */
  origin: string;
  /** The app's base path (Vite `base`), ending with '/'. */
  basePath: string;
}

/**
 * The address the browser may be sent to for `provider`'s login, or null when it must not be
 * followed: https on one of the provider's hosts (`config/oauth.ts`; no user name or password
 * in it, no other port), or a page of the app itself. Everything else — `javascript:`,
 * `data:`, plain http elsewhere, another host, a relative or unparsable address — is refused.
 */
export function safeOauthRedirect(
  raw: string,
  provider: OauthProviderName,
  app: AppLocation,
): URL | null {
  let url: URL;
  try {
    // No base: a relative answer is not an address a provider would give.
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (OAUTH_ALLOW_SAME_ORIGIN && isAppPage(url, app)) return url;
  if (url.protocol !== 'https:' || url.port !== '') return null;
  const hosts: readonly string[] = OAUTH_PROVIDER_HOSTS[provider];
  return hosts.includes(url.hostname) ? url : null;
}

function isAppPage(url: URL, app: AppLocation): boolean {
  let origin: URL;
  try {
    origin = new URL(app.origin);
  } catch {
    return false;
  }
  if (origin.protocol !== 'https:' && origin.protocol !== 'http:') return false;
  const base = app.basePath.endsWith('/') ? app.basePath : `${app.basePath}/`;
  return url.origin === origin.origin && (url.pathname + '/').startsWith(base);
}
