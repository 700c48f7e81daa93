/**
 * The query parameter that marks the third-party login's way back (`oauth`, the provider).
 * Its own module, so the app frame can tell a return at start-up without loading the code that
 * reads and completes one (`oauth-return.ts`, `OauthReturn`).
 */
export const OAUTH_PARAM = 'oauth';

/** Whether the address is a third-party login's return (see `readOauthReturn`). */
export function isOauthReturnAddress(search: string): boolean {
  return new URLSearchParams(search).has(OAUTH_PARAM);
}
