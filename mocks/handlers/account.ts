import type { components } from '@/api/schema.gen';
import { clock } from '../clock';
import {
  OAUTH_PURPOSE,
  checkCode,
  confirmCode,
  emailTarget,
  findConfirmedCode,
  issueCode,
  phoneTarget,
  randomDigits,
  randomId,
  spendCode,
} from '../codes';
import { db, type SessionRecord, type UserRecord } from '../db';
import { fail, handle, http, ok, readBody, requireAuth, requireSession } from '../http';
import { freeRefreshAt, syncPower } from '../power';
import { EN_ADS, servedLang, type ServedLang } from '../served-copy';
import { issueSession, rotateRefreshToken } from '../tokens';
import { newUser } from '../users';

/**
 * Account operations of the contract (tag `account`): codes, the four ways in (phone,
 * e-mail, OAuth, refresh), logout, the account itself, the writing balance, server time and
 * ads. State lives in the db collections; bodies are validated against the contract's rules.
 */

type User = components['schemas']['User'];
type Ad = components['schemas']['Ad'];

// ------------------------------------------------------------------ body rules

/** Mainland numbers (callcode 86) are 11 digits starting 1[3-9]; other regions 5–15 digits. */
export function isValidPhone(phone: string, callcode: string): boolean {
  return callcode === '86' ? /^1[3-9]\d{9}$/.test(phone) : /^\d{5,15}$/.test(phone);
}

/** The phone-format rule of a body with phone and callcode (42200 like any other bad body). */
function assertPhone(body: { phone: string; callcode: string }): void {
  if (!isValidPhone(body.phone, body.callcode)) fail(42200, 'missing parameters: phone');
}

type OauthProvider = components['schemas']['OauthProvider'];
const OAUTH_PROVIDERS: readonly string[] = ['wechat', 'qq', 'weibo'] satisfies OauthProvider[];

/** The brand's client id (spec 1 §9): the only client the auth host serves. */
export const OAUTH_CLIENT_ID = 30;

// ------------------------------------------------------------------ users

/** The contract's User: the account plus the tokens of the session it is answered in. */
export function toUser(
  user: UserRecord,
  session: Pick<SessionRecord, 'access_token' | 'refresh_token'>,
): User {
  return {
    uid: user.uid,
    nickname: user.nickname,
    headimgurl: user.headimgurl,
    // Empty means none: null makes "no phone bound" (the bindphone outcome) explicit.
    phone: user.phone || null,
    email: user.email || null,
    isLogin: true,
    created_at: user.created_at,
    model_length: user.model_length,
    model_type: user.model_type,
    // Banned users still log in; the client shows the ban dialog from these fields.
    shut: user.shut,
    shut_time: user.shut_time || null,
    shut_end_time: user.shut_end_time || null,
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  };
}

function newUid(): string {
  let uid: string;
  do uid = `u_${Math.random().toString(36).slice(2, 12).padEnd(10, '0')}`;
  while (db.users.findFirst((q) => q.where({ uid })));
  return uid;
}

async function createUser(
  fields: Partial<UserRecord> & Pick<UserRecord, 'uid'>,
): Promise<UserRecord> {
  return db.users.create(
    newUser({ nickname: `墨友${randomDigits(4)}`, created_at: clock.nowS(), ...fields }),
  );
}

function findUserByEmail(address: string): UserRecord | undefined {
  const target = emailTarget(address);
  return db.users.findFirst((q) => q.where({ email: (e) => e.toLowerCase() === target }));
}

/** The account of a request's valid token; a token whose user is gone is no longer valid. */
function userOf(uid: string): UserRecord {
  return (
    db.users.findFirst((q) => q.where({ uid })) ??
    fail(40103, 'user of the token no longer exists', null, 401)
  );
}

async function logIn(user: UserRecord): Promise<User> {
  return toUser(user, await issueSession(user.uid));
}

// ------------------------------------------------------------------ OAuth

/**
 * A third-party login's three single-use secrets, all rows of db.codes with purpose `oauth`
 * (never accepted as a verification code, never listed as "sent"), told apart by target:
 * - `oauth:<provider>`: the state (codeid) and the provider's code, 10 minutes (they must
 *   survive the redirect's page load); spent by the callback;
 * - `oauth-ticket:<provider>`: the callback's ticket (code), 5 minutes; spent by user_token;
 * - `oauth-user:<provider>`: the auth host's user token (code), 5 minutes; spent by the
 *   proxy login.
 */
const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const OAUTH_TICKET_TTL_MS = 5 * 60_000;
export const OAUTH_USER_TOKEN_TTL_MS = 5 * 60_000;

async function issueOauthSecret(target: string, prefix: string, ttlMs: number) {
  const now = clock.nowMs();
  return db.codes.create({
    codeid: randomId('os_'),
    target,
    purpose: OAUTH_PURPOSE,
    code: randomId(prefix),
    sent_at: now,
    expires_at: now + ttlMs,
    used: false,
  });
}

/** The unspent, unexpired secret `code` issued for `target`, or undefined. */
function liveOauthSecret(target: string, code: string) {
  const row = db.codes.findFirst((q) => q.where({ code, purpose: OAUTH_PURPOSE }));
  if (!row || row.used || row.target !== target || row.expires_at <= clock.nowMs())
    return undefined;
  return row;
}

const OAUTH_NAMES: Record<OauthProvider, string> = {
  wechat: '微信用户',
  qq: 'QQ用户',
  weibo: '微博用户',
};

/**
 * The simulated provider has one account per provider (the reviewer's), so logging in with
 * the same provider again finds the same user. Its uid is derived from that identity.
 */
export function oauthUid(provider: OauthProvider): string {
  return `u_oauth_${provider}`;
}

function providerOf(raw: string): OauthProvider {
  if (!OAUTH_PROVIDERS.includes(raw)) fail(42200, `missing parameters: unknown provider ${raw}`);
  return raw as OauthProvider;
}

/** Where the simulated consent sends the browser back: the app itself (under its base path). */
function appOrigin(request: Request): string {
  const origin = globalThis.location?.origin ?? new URL(request.url).origin;
  return origin + (import.meta.env.BASE_URL || '/');
}

// ------------------------------------------------------------------ ads

const adImage = (from: string, to: string, text: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160"><defs><linearGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="160" fill="url(#g)"/><text x="40" y="96" font-size="40" fill="#fff" font-family="sans-serif">${text}</text></svg>`,
  )}`;

const AD_ROWS = [
  {
    id: 'ad_vip',
    title: '会员每月十万能量',
    colours: ['#7b4dff', '#c86dd7'],
    link: '/dashboard/vip?to=vip',
  },
  {
    id: 'ad_square',
    title: '去广场看看大家的世界',
    colours: ['#0f9b8e', '#43c6ac'],
    link: '/dashboard/square',
  },
] as const;

/** The ads in `lang` (titles and the words on their images; English ones in served-copy.ts). */
export function adsIn(lang: ServedLang): Ad[] {
  return AD_ROWS.map((row) => {
    const title = (lang === 'en' ? EN_ADS[row.id] : undefined) ?? row.title;
    return {
      id: row.id,
      title,
      image: adImage(row.colours[0], row.colours[1], title),
      link: row.link,
    };
  });
}

// ------------------------------------------------------------------ handlers

export const accountHandlers = [
  http.post(
    '/v2/user/{uid}/info',
    handle(async ({ request, params }) => {
      const { uid, session } = requireSession(request);
      if (params.uid !== uid) fail(40103, 'token does not belong to uid', null, 401);
      await readBody(request);
      // The start-up lookup tells a vanished account apart (login_reset, spec 2 §4).
      const user = db.users.findFirst((q) => q.where({ uid })) ?? fail(40407, 'user not found');
      return ok(toUser(user, session));
    }),
  ),

  http.post(
    '/v2/user/phone_message',
    handle(async ({ request }) => {
      const body = await readBody(request);
      assertPhone(body);
      const code = await issueCode(phoneTarget(body.callcode, body.phone), body.type);
      return ok({ codeid: code.codeid });
    }),
  ),

  http.post(
    '/v2/user/phone_login',
    handle(async ({ request }) => {
      const body = await readBody(request);
      assertPhone(body);
      const code = checkCode({
        codeid: body.codeid,
        code: body.code,
        target: phoneTarget(body.callcode, body.phone),
      });
      await spendCode(code);
      const user =
        db.users.findFirst((q) => q.where({ phone: body.phone, callcode: body.callcode })) ??
        (await createUser({ uid: newUid(), phone: body.phone, callcode: body.callcode }));
      return ok(await logIn(user));
    }),
  ),

  http.post(
    '/v2/user/email_message',
    handle(async ({ request }) => {
      const body = await readBody(request);
      const code = await issueCode(emailTarget(body.email), body.type);
      return ok({ codeid: code.codeid });
    }),
  ),

  http.post(
    '/v2/user/confirmed_code',
    handle(async ({ request }) => {
      const body = await readBody(request);
      // Checked, not spent: reset_pwd sends the same code again, account creation spends it.
      await confirmCode(
        checkCode({ codeid: body.code_id, code: body.code, target: emailTarget(body.email) }),
      );
      return ok({});
    }),
  ),

  /**
   * `type: login` checks the MD5 `pwd` (40101 for an unknown e-mail, an account without a
   * password or a mismatch).
   *
   * `type: create` needs the e-mail to be proven first: email_message, then confirmed_code
   * with that code, then this call within 30 minutes of the confirmation. It spends the
   * confirmed code and creates the account (no phone yet: the client forces bind-phone).
   * Without such a confirmation it answers 42200 (`content.reason: email_not_confirmed`).
   * Creating an account for an e-mail that already has one logs in when the password
   * matches (a repeated submit) and answers 40101 otherwise, reusing the documented codes.
   */
  http.post(
    '/v2/user/email_login',
    handle(async ({ request }) => {
      const body = await readBody(request);
      const existing = findUserByEmail(body.email);
      if (body.type === 'login' || existing) {
        if (!existing || !existing.pwd || existing.pwd !== body.pwd)
          fail(40101, 'wrong e-mail or password', null, 401);
        return ok(await logIn(existing));
      }
      const target = emailTarget(body.email);
      const confirmed = findConfirmedCode(target);
      if (!confirmed)
        fail(42200, 'missing parameters: e-mail not confirmed', {
          reason: 'email_not_confirmed',
        });
      await spendCode(confirmed);
      const user = await createUser({ uid: newUid(), email: target, pwd: body.pwd });
      return ok(await logIn(user));
    }),
  ),

  /** Sets a new password with an e-mail code; 40101 when no account uses that e-mail. */
  http.post(
    '/v2/user/reset_pwd',
    handle(async ({ request }) => {
      const body = await readBody(request);
      const code = checkCode({
        codeid: body.code_id,
        code: body.code,
        target: emailTarget(body.email),
      });
      const user = findUserByEmail(body.email);
      if (!user) fail(40101, 'no account with this e-mail', null, 401);
      await spendCode(code);
      await db.users.update((q) => q.where({ uid: user.uid }), {
        data: (u) => void (u.pwd = body.pwd),
      });
      return ok({});
    }),
  ),

  /**
   * Binds the phone to the caller's account. `forced_binding` (always true) takes the number
   * over from any other account that had it, which is left without a phone.
   */
  http.post(
    '/v2/user/bind_phone',
    handle(async ({ request }) => {
      const { uid, session } = requireSession(request);
      const body = await readBody(request);
      assertPhone(body);
      if (body.uid && body.uid !== uid) fail(40103, 'token does not belong to uid', null, 401);
      const code = checkCode({
        codeid: body.codeid,
        code: body.code,
        target: phoneTarget(body.callcode, body.phone),
      });
      await spendCode(code);
      await db.users.updateMany(
        (q) => q.where({ phone: body.phone, callcode: body.callcode, uid: (u) => u !== uid }),
        { data: (u) => void (u.phone = '') },
      );
      const user = await db.users.update((q) => q.where({ uid }), {
        data: (u) => {
          u.phone = body.phone;
          u.callcode = body.callcode;
        },
      });
      return ok(toUser(user ?? userOf(uid), session));
    }),
  ),

  /** Rotation: the old pair is revoked, so a refresh token works once. */
  http.post(
    '/api/v1/user/refresh',
    handle(async ({ request }) => {
      const body = await readBody(request);
      const session = await rotateRefreshToken(body.refresh_token);
      if (!session) fail(40103, 'refresh token invalid', null, 401);
      return ok({ access_token: session.access_token, refresh_token: session.refresh_token });
    }),
  ),

  http.post(
    '/api/v1/user/logout',
    handle(async ({ request }) => {
      const { session } = requireSession(request);
      await db.sessions.update((q) => q.where({ access_token: session.access_token }), {
        data: (s) => void (s.revoked = true),
      });
      return ok({});
    }),
  ),

  /**
   * The caller's balance (purchases, charges and claims, mocks/power.ts); an account without
   * one gets an empty balance row.
   */
  http.get(
    '/api/v1/user/benefits/writing',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      // Brought up to the clock: expired activity power is gone, check-in mirrors the grants.
      const row = await syncPower(uid);
      return ok({
        vip_words: row.vip_words,
        pack_words: row.pack_words,
        vip_expiry: row.vip_expiry || null,
        checkin_words: row.checkin_words,
        checkin_expiry: row.checkin_expiry || null,
        // A free user's member-or-free power is the monthly quota (mocks/power.ts).
        free_refresh_at: freeRefreshAt(uid),
      });
    }),
  ),

  /**
   * Starts a third-party login. The "provider" is simulated: its consent page is the app
   * itself, reached with the query the real provider would send back (code, oauth, state).
   * The state and its authorisation code are kept in db.codes (purpose `oauth`, target
   * `oauth:<provider>`) for 10 minutes, single use.
   */
  http.get(
    '/v2/oauth/{provider}',
    handle(async ({ request, params }) => {
      const provider = providerOf(params.provider);
      const now = clock.nowMs();
      const row = await db.codes.create({
        codeid: randomId('st_'),
        target: `oauth:${provider}`,
        purpose: OAUTH_PURPOSE,
        code: randomId('oc_'),
        sent_at: now,
        expires_at: now + OAUTH_STATE_TTL_MS,
        used: false,
      });
      const url = new URL(appOrigin(request));
      url.searchParams.set('code', row.code);
      url.searchParams.set('oauth', provider);
      url.searchParams.set('state', row.codeid);
      return ok({ url: url.toString() });
    }),
  ),

  /**
   * The provider's return: a known, unspent, unexpired state of this provider with its code
   * (else 42200) is spent and traded for a ticket of the auth host.
   */
  http.post(
    '/v2/oauth/{provider}/callback',
    handle(async ({ request, params }) => {
      const provider = providerOf(params.provider);
      const body = await readBody(request);
      const row = db.codes.findFirst((q) =>
        q.where({ codeid: body.state, purpose: OAUTH_PURPOSE }),
      );
      if (
        !row ||
        row.used ||
        row.target !== `oauth:${provider}` ||
        row.code !== body.code ||
        row.expires_at <= clock.nowMs()
      ) {
        fail(42200, 'missing parameters: invalid oauth state');
      }
      await spendCode(row);
      const ticket = await issueOauthSecret(`oauth-ticket:${provider}`, 'tk_', OAUTH_TICKET_TTL_MS);
      return ok({ ticket: ticket.code, expires_in: OAUTH_TICKET_TTL_MS / 1000 });
    }),
  ),

  /** The third-party auth host: a live ticket of this provider becomes a user token (42212). */
  http.post(
    '/oauth2/user_token',
    handle(async ({ request }) => {
      const body = await readBody(request);
      const ticket = liveOauthSecret(`oauth-ticket:${body.provider}`, body.code);
      if (!ticket) fail(42212, 'ticket invalid, expired or already used');
      await spendCode(ticket);
      const token = await issueOauthSecret(
        `oauth-user:${body.provider}`,
        'ut_',
        OAUTH_USER_TOKEN_TTL_MS,
      );
      return ok({
        user_token: token.code,
        token_type: 'Bearer' as const,
        expires_in: OAUTH_USER_TOKEN_TTL_MS / 1000,
        open_id: `open_${body.provider}_reviewer`,
      });
    }),
  ),

  /**
   * Logs the user token's identity in (42213 for a token that is not live), creating its
   * account on the first login.
   */
  http.post(
    '/api/v1/auth/oauth_proxy/login',
    handle(async ({ request }) => {
      const body = await readBody(request);
      const token = liveOauthSecret(`oauth-user:${body.provider}`, body.user_token);
      if (!token) fail(42213, 'user token invalid, expired or already used');
      await spendCode(token);
      const uid = oauthUid(body.provider);
      const user =
        db.users.findFirst((q) => q.where({ uid })) ??
        (await createUser({ uid, nickname: `${OAUTH_NAMES[body.provider]}${randomDigits(4)}` }));
      return ok(await logIn(user));
    }),
  ),

  http.post(
    '/time',
    handle(() => ok({ now_ms: clock.nowMs() })),
  ),

  http.get(
    '/get_ad_list',
    handle(({ request }) => ok({ data: adsIn(servedLang(request)) })),
  ),
];
