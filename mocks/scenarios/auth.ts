import { fail, handle, http, ok } from '../http';

/**
 * Login faults (spec 1 §5, §7, §8) that typing alone cannot produce: the same functions
 * serve tests, stories and the demo's `?scenario=`. Wrong codes and wrong passwords need no
 * scenario: type them.
 */

/** Every submitted verification code has expired (42211): phone login, e-mail checks, reset, bind. */
export function codeExpired() {
  const expired = () => fail(42211, 'code expired');
  return [
    http.post('/v2/user/phone_login', handle(expired)),
    http.post('/v2/user/confirmed_code', handle(expired)),
    http.post('/v2/user/reset_pwd', handle(expired)),
    http.post('/v2/user/bind_phone', handle(expired)),
  ];
}

/** Every submitted verification code is wrong (42210): phone login, e-mail checks, reset, bind. */
export function codeWrong() {
  const wrong = () => fail(42210, 'code wrong');
  return [
    http.post('/v2/user/phone_login', handle(wrong)),
    http.post('/v2/user/confirmed_code', handle(wrong)),
    http.post('/v2/user/reset_pwd', handle(wrong)),
    http.post('/v2/user/bind_phone', handle(wrong)),
  ];
}

/** Every e-mail login is refused as a wrong password (40101), whatever is typed. */
export function passwordWrong() {
  return [
    http.post(
      '/v2/user/email_login',
      handle(() => fail(40101, 'wrong e-mail or password', null, 401)),
    ),
  ];
}

/** Every code request is refused as too soon (42901), with 42 s left to wait. */
export function codeTooFrequent(retryAfterS = 42) {
  const tooSoon = () => fail(42901, 'too frequent', { retry_after_s: retryAfterS }, 429);
  return [
    http.post('/v2/user/phone_message', handle(tooSoon)),
    http.post('/v2/user/email_message', handle(tooSoon)),
  ];
}

/**
 * The user refuses at the provider: the provider sends the browser back to the app with
 * `oauth` and `state` but no code (and `error=access_denied`, as OAuth 2 providers do), and
 * the callback refuses any state (42200) should a client send one anyway.
 */
export function oauthDenied() {
  return [
    http.get(
      '/v2/oauth/{provider}',
      handle(({ request, params }) => {
        const origin = globalThis.location?.origin ?? new URL(request.url).origin;
        const url = new URL(origin + (import.meta.env.BASE_URL || '/'));
        url.searchParams.set('oauth', params.provider);
        url.searchParams.set('state', 'st_denied');
        url.searchParams.set('error', 'access_denied');
        return ok({ url: url.toString() });
      }),
    ),
    http.post(
      '/v2/oauth/{provider}/callback',
      handle(() => fail(42200, 'missing parameters: invalid oauth state')),
    ),
  ];
}

/**
 * The OAuth start answers an address the client must not follow (a `javascript:` URL, as a
 * compromised or misconfigured server might): the login dialog refuses it with a message and
 * the browser stays on the app.
 */
export function oauthUnsafeAddress() {
  return [
    http.get(
      '/v2/oauth/{provider}',
      handle(() => ok({ url: 'javascript:alert(document.domain)' })),
    ),
  ];
}

/**
 * The auth host refuses every ticket as expired or spent (42212), as when the user comes back
 * from the provider after the ticket's 5 minutes: the login dialog reopens with the reason.
 */
export function oauthTicketExpired() {
  return [
    http.post(
      '/oauth2/user_token',
      handle(() => fail(42212, 'ticket invalid, expired or already used')),
    ),
  ];
}
