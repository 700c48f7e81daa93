import { OAUTH_PARAM } from './oauth-mark';

/**
 * The third-party login's way back (spec 1 §2, §7): the provider sends the browser to the
 * app with query parameters `code`, `oauth` (the provider) and `state`.
 *
 * A URL with `oauth` but without a code or state is a return too: that is how a provider
 * reports a refusal (often with `error`), and the user must hear about it, not be dropped
 * silently on a page that still carries the parameters.
 */
export const OAUTH_PROVIDERS = ['wechat', 'qq', 'weibo'] as const;
export type OauthProviderName = (typeof OAUTH_PROVIDERS)[number];

/** The parameters that belong to the return and are removed from the address afterwards. */
export const OAUTH_RETURN_PARAMS = ['code', OAUTH_PARAM, 'state', 'error', 'error_description'];

export type OauthReturn =
  | { kind: 'complete'; provider: OauthProviderName; code: string; state: string }
  | { kind: 'denied'; provider: OauthProviderName }
  | { kind: 'invalid' };

export function isOauthProvider(value: string): value is OauthProviderName {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** The OAuth return in a query string (with or without `?`), or null when it is not one. */
export function readOauthReturn(search: string): OauthReturn | null {
  const params = new URLSearchParams(search);
  const provider = params.get(OAUTH_PARAM);
  if (provider === null) return null;
  if (!isOauthProvider(provider)) return { kind: 'invalid' };
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  if (!code || !state || params.has('error')) return { kind: 'denied', provider };
  return { kind: 'complete', provider, code, state };
}

/** The query string without the OAuth return's parameters ('' or '?…'), other parameters kept. */
export function withoutOauthParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of OAUTH_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
