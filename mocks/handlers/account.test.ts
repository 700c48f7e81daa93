import { describe, expect, it } from 'vitest';
import { md5Hex } from '@/rules/md5';
import { FREE_MONTHLY_POWER, nextFreeRefreshS } from '@/rules/membership';
import { clock } from '../clock';
import { db } from '../db';
import { AUTHOR_EMAIL, AUTHOR_PHONE, AUTHOR_UID } from '../seed-ids';
import { oauthUid } from './account';
import {
  type Answer,
  type Auth,
  call,
  expectError as expectErrorCode,
  get,
  post,
  session,
} from './test-client';

// ------------------------------------------------------------------ helpers

const AUTHOR_PWD = md5Hex('inkworld2026');

/** Account errors also carry a message. */
function expectError(answer: Answer, code: number, status?: number) {
  expectErrorCode(answer, code, status);
  expect(typeof answer.body.error_msg).toBe('string');
}

function codeOf(codeid: string): string {
  const row = db.codes.findFirst((q) => q.where({ codeid }));
  if (!row) throw new Error(`no code ${codeid}`);
  return row.code;
}

const phoneCodeBody = (phone: string, extra: Record<string, unknown> = {}) => ({
  type: 'login',
  phone,
  callcode: '86',
  uid: '',
  validate: '',
  captcha_id: '',
  ...extra,
});

async function sendPhoneCode(phone: string, type = 'login', callcode = '86') {
  const res = await post('/v2/user/phone_message', phoneCodeBody(phone, { type, callcode }));
  expect(res.status).toBe(200);
  return res.body.codeid as string;
}

async function sendEmailCode(email: string, type = 'register') {
  const res = await post('/v2/user/email_message', { type, email, uid: '' });
  expect(res.status).toBe(200);
  return res.body.codeid as string;
}

const USER_KEYS = [
  'uid',
  'nickname',
  'headimgurl',
  'phone',
  'email',
  'isLogin',
  'created_at',
  'model_length',
  'model_type',
  'shut',
  'shut_time',
  'shut_end_time',
  'access_token',
  'refresh_token',
];

// ------------------------------------------------------------------ phone

describe('POST /v2/user/phone_message', () => {
  it('stores a 6-digit code for the number, valid 5 minutes, and answers its codeid', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const res = await post('/v2/user/phone_message', phoneCodeBody('13912345678'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ codeid: expect.any(String) });
    const row = db.codes.findFirst((q) => q.where({ codeid: res.body.codeid }));
    expect(row).toMatchObject({ target: '+86 13912345678', purpose: 'login', used: false });
    expect(row!.code).toMatch(/^\d{6}$/);
    expect(row!.expires_at - row!.sent_at).toBe(5 * 60_000);
  });

  it('accepts 5-15 digits for other calling codes', async () => {
    await sendPhoneCode('91234567', 'login', '852');
    expect(db.codes.findFirst((q) => q.where({ target: '+852 91234567' }))).toBeTruthy();
  });

  it.each([
    ['a mainland number of the wrong shape', phoneCodeBody('12345678901')],
    ['too short a mainland number', phoneCodeBody('1391234567')],
    ['letters in a foreign number', phoneCodeBody('9123abc', { callcode: '852' })],
    ['too long a foreign number', phoneCodeBody('1234567890123456', { callcode: '1' })],
    [
      'a missing captcha_id',
      { type: 'login', phone: '13912345678', callcode: '86', uid: '', validate: '' },
    ],
    ['a non-numeric callcode', phoneCodeBody('13912345678', { callcode: '+86' })],
  ])('refuses %s with 42200', async (_label, body) => {
    expectError(await post('/v2/user/phone_message', body), 42200);
    expect(db.codes.count()).toBe(0);
  });

  it('refuses a body that is not JSON with 42200', async () => {
    expectError(await call('POST', '/v2/user/phone_message', { raw: '{nope' }), 42200);
  });

  it('refuses a resend within 60 s with 42901 (HTTP 429) and allows it after', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    await sendPhoneCode('13912345678');
    clock.shift(18_000);
    const again = await post('/v2/user/phone_message', phoneCodeBody('13912345678'));
    expectError(again, 42901, 429);
    expect(again.body.content).toEqual({ retry_after_s: 42 });
    clock.shift(41_999);
    expectError(await post('/v2/user/phone_message', phoneCodeBody('13912345678')), 42901, 429);
    clock.shift(1);
    await sendPhoneCode('13912345678');
    expect(db.codes.findMany((q) => q.where({ target: '+86 13912345678' }))).toHaveLength(2);
  });

  it('limits per number and purpose, not globally', async () => {
    await sendPhoneCode('13912345678', 'login');
    await sendPhoneCode('13912345679', 'login');
    await sendPhoneCode('13912345678', 'bind');
  });
});

describe('POST /v2/user/phone_login', () => {
  async function login(phone: string, codeid: string, code: string, callcode = '86') {
    return post('/v2/user/phone_login', { phone, codeid, code, callcode, uid: '' });
  }

  it('logs the seeded author in with a fresh session', async () => {
    const codeid = await sendPhoneCode(AUTHOR_PHONE);
    const res = await login(AUTHOR_PHONE, codeid, codeOf(codeid));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...USER_KEYS].sort());
    expect(res.body).toMatchObject({
      uid: AUTHOR_UID,
      nickname: '墨染青衣',
      phone: AUTHOR_PHONE,
      isLogin: true,
      shut: false,
    });
    const s = db.sessions.findFirst((q) => q.where({ access_token: res.body.access_token }));
    expect(s).toMatchObject({
      uid: AUTHOR_UID,
      refresh_token: res.body.refresh_token,
      revoked: false,
    });
    expect(db.codes.findFirst((q) => q.where({ codeid }))!.used).toBe(true);
  });

  it('creates an account for an unknown number', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const before = db.users.count();
    const codeid = await sendPhoneCode('13700001111');
    const res = await login('13700001111', codeid, codeOf(codeid));
    expect(res.status).toBe(200);
    expect(res.body.nickname).toMatch(/^墨友\d{4}$/);
    expect(res.body).toMatchObject({
      phone: '13700001111',
      email: null,
      headimgurl: '',
      model_length: 100,
      model_type: 'v1',
    });
    expect(res.body.created_at).toBe(clock.nowS());
    expect(db.users.count()).toBe(before + 1);
    expect(db.users.findFirst((q) => q.where({ uid: res.body.uid }))).toMatchObject({
      phone: '13700001111',
      callcode: '86',
    });
  });

  it('finds the account by number and calling code', async () => {
    const codeid = await sendPhoneCode(AUTHOR_PHONE, 'login', '852');
    const res = await login(AUTHOR_PHONE, codeid, codeOf(codeid), '852');
    expect(res.status).toBe(200);
    expect(res.body.uid).not.toBe(AUTHOR_UID);
  });

  it('logs a banned user in with the ban fields', async () => {
    const now = clock.nowS();
    await db.users.update((q) => q.where({ uid: AUTHOR_UID }), {
      data: (u) => {
        u.shut = true;
        u.shut_time = now - 60;
        u.shut_end_time = now + 86400;
      },
    });
    const codeid = await sendPhoneCode(AUTHOR_PHONE);
    const res = await login(AUTHOR_PHONE, codeid, codeOf(codeid));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shut: true, shut_time: now - 60, shut_end_time: now + 86400 });
  });

  it('refuses a used code with 42210', async () => {
    const codeid = await sendPhoneCode(AUTHOR_PHONE);
    const code = codeOf(codeid);
    expect((await login(AUTHOR_PHONE, codeid, code)).status).toBe(200);
    expectError(await login(AUTHOR_PHONE, codeid, code), 42210);
  });

  it('refuses a wrong code, an unknown codeid and another number with 42210, without spending the code', async () => {
    const codeid = await sendPhoneCode(AUTHOR_PHONE);
    const code = codeOf(codeid);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await login(AUTHOR_PHONE, codeid, wrong), 42210);
    expectError(await login(AUTHOR_PHONE, 'cd_nope', code), 42210);
    expectError(await login('13912345678', codeid, code), 42210);
    expect((await login(AUTHOR_PHONE, codeid, code)).status).toBe(200);
  });

  it('refuses an expired code with 42211', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const codeid = await sendPhoneCode(AUTHOR_PHONE);
    clock.shift(5 * 60_000 - 1);
    const code = codeOf(codeid);
    clock.shift(1);
    expectError(await login(AUTHOR_PHONE, codeid, code), 42211);
  });

  it('refuses a bad body with 42200', async () => {
    expectError(
      await post('/v2/user/phone_login', {
        phone: AUTHOR_PHONE,
        code: '123456',
        callcode: '86',
        uid: '',
      }),
      42200,
    );
    expectError(
      await post('/v2/user/phone_login', {
        phone: '123',
        codeid: 'x',
        code: '123456',
        callcode: '86',
        uid: '',
      }),
      42200,
    );
  });
});

// ------------------------------------------------------------------ e-mail

describe('POST /v2/user/email_message', () => {
  it('stores a code for the (lower-cased) address', async () => {
    const codeid = await sendEmailCode('New.Writer@Example.com');
    expect(db.codes.findFirst((q) => q.where({ codeid }))).toMatchObject({
      target: 'new.writer@example.com',
      purpose: 'register',
    });
  });

  it('refuses a resend within 60 s with 42901', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    await sendEmailCode('a@example.com');
    clock.shift(59_000);
    expectError(
      await post('/v2/user/email_message', { type: 'register', email: 'a@example.com', uid: '' }),
      42901,
      429,
    );
    clock.shift(1_000);
    await sendEmailCode('a@example.com');
  });

  it('refuses a malformed address or a missing type with 42200', async () => {
    expectError(
      await post('/v2/user/email_message', { type: 'register', email: 'not-an-email', uid: '' }),
      42200,
    );
    expectError(await post('/v2/user/email_message', { email: 'a@example.com', uid: '' }), 42200);
  });
});

describe('POST /v2/user/confirmed_code', () => {
  const confirm = (email: string, code_id: string, code: string) =>
    post('/v2/user/confirmed_code', { email, code_id, code, uid: '' });

  it('accepts the right code without spending it', async () => {
    const codeid = await sendEmailCode('a@example.com');
    const res = await confirm('a@example.com', codeid, codeOf(codeid));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const row = db.codes.findFirst((q) => q.where({ codeid }))!;
    expect(row.used).toBe(false);
    expect(row.confirmed_at).toBeTypeOf('number');
  });

  it('refuses a wrong code or another address with 42210', async () => {
    const codeid = await sendEmailCode('a@example.com');
    const code = codeOf(codeid);
    expectError(
      await confirm('a@example.com', codeid, code === '000000' ? '111111' : '000000'),
      42210,
    );
    expectError(await confirm('b@example.com', codeid, code), 42210);
  });

  it('refuses an expired code with 42211', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const codeid = await sendEmailCode('a@example.com');
    clock.shift(6 * 60_000);
    expectError(await confirm('a@example.com', codeid, codeOf(codeid)), 42211);
  });

  it('refuses a bad body with 42200', async () => {
    expectError(
      await post('/v2/user/confirmed_code', { email: 'a@example.com', code: '123456', uid: '' }),
      42200,
    );
  });
});

describe('POST /v2/user/email_login', () => {
  const emailLogin = (body: Record<string, unknown>) =>
    post('/v2/user/email_login', { uid: '', ...body });

  it('logs in with the right password hash (any letter case in the address)', async () => {
    const res = await emailLogin({
      email: AUTHOR_EMAIL.toUpperCase(),
      pwd: AUTHOR_PWD,
      type: 'login',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uid: AUTHOR_UID, email: AUTHOR_EMAIL, isLogin: true });
    expect(
      db.sessions.findFirst((q) => q.where({ access_token: res.body.access_token })),
    ).toBeTruthy();
  });

  it('refuses a wrong password or an unknown address with 40101', async () => {
    expectError(
      await emailLogin({ email: AUTHOR_EMAIL, pwd: md5Hex('wrong-password1'), type: 'login' }),
      40101,
    );
    expectError(
      await emailLogin({ email: 'nobody@example.com', pwd: AUTHOR_PWD, type: 'login' }),
      40101,
    );
  });

  it('refuses a password that is not an MD5 hex digest, or an unknown type, with 42200', async () => {
    expectError(
      await emailLogin({ email: AUTHOR_EMAIL, pwd: 'inkworld2026', type: 'login' }),
      42200,
    );
    expectError(await emailLogin({ email: AUTHOR_EMAIL, pwd: AUTHOR_PWD, type: 'signup' }), 42200);
    expectError(await emailLogin({ email: 'nope', pwd: AUTHOR_PWD, type: 'login' }), 42200);
  });

  it('creates an account once the address is confirmed, spending the code', async () => {
    const codeid = await sendEmailCode('new@example.com');
    expect(
      (
        await post('/v2/user/confirmed_code', {
          email: 'new@example.com',
          code_id: codeid,
          code: codeOf(codeid),
          uid: '',
        })
      ).status,
    ).toBe(200);
    const pwd = md5Hex('secret12345');
    const res = await emailLogin({ email: 'new@example.com', pwd, type: 'create' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'new@example.com', phone: null, isLogin: true });
    expect(res.body.nickname).toMatch(/^墨友\d{4}$/);
    expect(db.users.findFirst((q) => q.where({ uid: res.body.uid }))!.pwd).toBe(pwd);
    expect(db.codes.findFirst((q) => q.where({ codeid }))!.used).toBe(true);
    // The new account logs in with its password.
    expect((await emailLogin({ email: 'new@example.com', pwd, type: 'login' })).body.uid).toBe(
      res.body.uid,
    );
  });

  it('refuses to create an account for an unconfirmed address with 42200', async () => {
    await sendEmailCode('new@example.com'); // sent but never confirmed
    const res = await emailLogin({
      email: 'new@example.com',
      pwd: md5Hex('secret12345'),
      type: 'create',
    });
    expectError(res, 42200);
    expect(res.body.content).toEqual({ reason: 'email_not_confirmed' });
  });

  it('refuses a confirmation older than 30 minutes', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const codeid = await sendEmailCode('new@example.com');
    await post('/v2/user/confirmed_code', {
      email: 'new@example.com',
      code_id: codeid,
      code: codeOf(codeid),
      uid: '',
    });
    clock.shift(30 * 60_000);
    expectError(
      await emailLogin({ email: 'new@example.com', pwd: md5Hex('secret12345'), type: 'create' }),
      42200,
    );
  });

  it('treats creating an existing address as a login: the right password logs in, another gets 40101', async () => {
    const ok = await emailLogin({ email: AUTHOR_EMAIL, pwd: AUTHOR_PWD, type: 'create' });
    expect(ok.status).toBe(200);
    expect(ok.body.uid).toBe(AUTHOR_UID);
    expectError(
      await emailLogin({ email: AUTHOR_EMAIL, pwd: md5Hex('another-pass1'), type: 'create' }),
      40101,
    );
  });
});

describe('POST /v2/user/reset_pwd', () => {
  const reset = (email: string, code_id: string, code: string, pwd: string) =>
    post('/v2/user/reset_pwd', { email, code_id, code, pwd });

  it('sets the new password (after an optional confirmation of the same code)', async () => {
    const codeid = await sendEmailCode(AUTHOR_EMAIL, 'reset');
    const code = codeOf(codeid);
    expect(
      (
        await post('/v2/user/confirmed_code', {
          email: AUTHOR_EMAIL,
          code_id: codeid,
          code,
          uid: '',
        })
      ).status,
    ).toBe(200);
    const pwd = md5Hex('newpassword9');
    const res = await reset(AUTHOR_EMAIL, codeid, code, pwd);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(
      (await post('/v2/user/email_login', { email: AUTHOR_EMAIL, pwd, uid: '', type: 'login' }))
        .status,
    ).toBe(200);
    expectError(
      await post('/v2/user/email_login', {
        email: AUTHOR_EMAIL,
        pwd: AUTHOR_PWD,
        uid: '',
        type: 'login',
      }),
      40101,
    );
  });

  it('refuses a used or wrong code with 42210', async () => {
    const codeid = await sendEmailCode(AUTHOR_EMAIL, 'reset');
    const code = codeOf(codeid);
    expectError(
      await reset(
        AUTHOR_EMAIL,
        codeid,
        code === '000000' ? '111111' : '000000',
        md5Hex('newpassword9'),
      ),
      42210,
    );
    expect((await reset(AUTHOR_EMAIL, codeid, code, md5Hex('newpassword9'))).status).toBe(200);
    expectError(await reset(AUTHOR_EMAIL, codeid, code, md5Hex('newpassword8')), 42210);
  });

  it('refuses an expired code with 42211', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const codeid = await sendEmailCode(AUTHOR_EMAIL, 'reset');
    clock.shift(5 * 60_000);
    expectError(await reset(AUTHOR_EMAIL, codeid, codeOf(codeid), md5Hex('newpassword9')), 42211);
  });

  it('refuses an address without an account with 40101', async () => {
    const codeid = await sendEmailCode('nobody@example.com', 'reset');
    expectError(
      await reset('nobody@example.com', codeid, codeOf(codeid), md5Hex('newpassword9')),
      40101,
    );
  });

  it('refuses a bad body with 42200', async () => {
    expectError(
      await post('/v2/user/reset_pwd', {
        email: AUTHOR_EMAIL,
        code: '123456',
        code_id: 'x',
        pwd: 'plain',
      }),
      42200,
    );
  });
});

describe('POST /v2/user/bind_phone', () => {
  async function newEmailUser(): Promise<Auth> {
    const codeid = await sendEmailCode('nophone@example.com');
    await post('/v2/user/confirmed_code', {
      email: 'nophone@example.com',
      code_id: codeid,
      code: codeOf(codeid),
      uid: '',
    });
    const res = await post('/v2/user/email_login', {
      email: 'nophone@example.com',
      pwd: md5Hex('secret12345'),
      uid: '',
      type: 'create',
    });
    expect(res.body.phone).toBeNull();
    return { uid: res.body.uid, access_token: res.body.access_token };
  }

  const bindBody = (phone: string, codeid: string, code: string, uid: string) => ({
    phone,
    codeid,
    code,
    uid,
    callcode: '86',
    forced_binding: true,
  });

  it('binds the number to the caller', async () => {
    const auth = await newEmailUser();
    const codeid = await sendPhoneCode('13711112222', 'bind');
    const res = await post(
      '/v2/user/bind_phone',
      bindBody('13711112222', codeid, codeOf(codeid), auth.uid),
      auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      uid: auth.uid,
      phone: '13711112222',
      access_token: auth.access_token,
    });
    expect(db.users.findFirst((q) => q.where({ uid: auth.uid }))!.phone).toBe('13711112222');
  });

  it('takes the number over from the account that had it (forced binding)', async () => {
    const auth = await newEmailUser();
    const codeid = await sendPhoneCode(AUTHOR_PHONE, 'bind');
    expect(
      (
        await post(
          '/v2/user/bind_phone',
          bindBody(AUTHOR_PHONE, codeid, codeOf(codeid), auth.uid),
          auth,
        )
      ).status,
    ).toBe(200);
    expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.phone).toBe('');
    expect(db.users.findMany((q) => q.where({ phone: AUTHOR_PHONE }))).toHaveLength(1);
  });

  it('needs a valid token (401, 40103)', async () => {
    const codeid = await sendPhoneCode('13711112222', 'bind');
    expectError(
      await post('/v2/user/bind_phone', bindBody('13711112222', codeid, codeOf(codeid), '')),
      40103,
      401,
    );
  });

  it('refuses a body uid of someone else with 40103', async () => {
    const auth = await newEmailUser();
    const codeid = await sendPhoneCode('13711112222', 'bind');
    expectError(
      await post(
        '/v2/user/bind_phone',
        bindBody('13711112222', codeid, codeOf(codeid), AUTHOR_UID),
        auth,
      ),
      40103,
      401,
    );
  });

  it('refuses a wrong code with 42210 and an expired one with 42211', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const auth = await newEmailUser();
    const codeid = await sendPhoneCode('13711112222', 'bind');
    const code = codeOf(codeid);
    expectError(
      await post(
        '/v2/user/bind_phone',
        bindBody('13711112222', codeid, code === '000000' ? '111111' : '000000', auth.uid),
        auth,
      ),
      42210,
    );
    clock.shift(5 * 60_000);
    expectError(
      await post('/v2/user/bind_phone', bindBody('13711112222', codeid, code, auth.uid), auth),
      42211,
    );
  });

  it('refuses a bad body with 42200', async () => {
    const auth = await session();
    expectError(
      await post(
        '/v2/user/bind_phone',
        { ...bindBody('13711112222', 'x', '123456', AUTHOR_UID), forced_binding: false },
        auth,
      ),
      42200,
    );
    expectError(
      await post('/v2/user/bind_phone', bindBody('1371111', 'x', '123456', AUTHOR_UID), auth),
      42200,
    );
  });
});

// ------------------------------------------------------------------ session

describe('POST /v2/user/{uid}/info', () => {
  const info = (uid: string, auth?: Auth, body: unknown = { lang: 'zh', ostype: 'web' }) =>
    post(`/v2/user/${uid}/info`, body, auth);

  it('answers the account with the tokens of the current session', async () => {
    const auth = await session();
    const res = await info(AUTHOR_UID, auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...USER_KEYS].sort());
    expect(res.body).toMatchObject({
      uid: AUTHOR_UID,
      phone: AUTHOR_PHONE,
      email: AUTHOR_EMAIL,
      isLogin: true,
      shut_time: null,
      shut_end_time: null,
      access_token: auth.access_token,
      refresh_token: auth.refresh_token,
    });
  });

  it('refuses another uid, a missing token and a forged token with 40103 (401)', async () => {
    const auth = await session();
    expectError(await info('u_official', auth), 40103, 401);
    expectError(await info(AUTHOR_UID), 40103, 401);
    expectError(
      await info(AUTHOR_UID, {
        uid: AUTHOR_UID,
        access_token: auth.access_token.replace(/\.[^.]+$/, '.0123456789abcdef'),
      }),
      40103,
      401,
    );
  });

  it('refuses an expired access token with 40103', async () => {
    const auth = await session();
    clock.shift(8 * 86400_000);
    expectError(await info(AUTHOR_UID, auth), 40103, 401);
  });

  it('refuses a bad body with 42200', async () => {
    expectError(await info(AUTHOR_UID, await session(), { lang: 'zh', ostype: 'ios' }), 42200);
  });
});

describe('POST /api/v1/user/refresh', () => {
  it('rotates the pair: the new one works, the old refresh and access tokens are refused', async () => {
    const old = await session();
    const res = await post('/api/v1/user/refresh', { refresh_token: old.refresh_token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'refresh_token']);
    expect(res.body.refresh_token).not.toBe(old.refresh_token);

    const fresh = { uid: AUTHOR_UID, access_token: res.body.access_token };
    expect(
      (await post(`/v2/user/${AUTHOR_UID}/info`, { lang: 'zh', ostype: 'web' }, fresh)).status,
    ).toBe(200);
    expectError(
      await post('/api/v1/user/refresh', { refresh_token: old.refresh_token }),
      40103,
      401,
    );
    expectError(
      await post(`/v2/user/${AUTHOR_UID}/info`, { lang: 'zh', ostype: 'web' }, old),
      40103,
      401,
    );
  });

  it('the new refresh token rotates once more, and so on down the family', async () => {
    const first = await session();
    const second = await post('/api/v1/user/refresh', { refresh_token: first.refresh_token });
    const third = await post('/api/v1/user/refresh', { refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
    const fresh = { uid: AUTHOR_UID, access_token: third.body.access_token };
    expect((await get('/api/v1/user/benefits/writing', fresh)).status).toBe(200);
  });

  it('a replayed refresh token revokes the whole family: the pair issued from it stops working', async () => {
    const stolen = await session();
    const other = await session(); // another login of the same user: another family
    const issued = await post('/api/v1/user/refresh', { refresh_token: stolen.refresh_token });
    const next = await post('/api/v1/user/refresh', { refresh_token: issued.body.refresh_token });
    const latest = { uid: AUTHOR_UID, access_token: next.body.access_token };
    expect((await get('/api/v1/user/benefits/writing', latest)).status).toBe(200);

    // The first token, already used, comes back (whoever copied it): refused, and everything
    // issued from it since is revoked.
    expectError(
      await post('/api/v1/user/refresh', { refresh_token: stolen.refresh_token }),
      40103,
      401,
    );
    expectError(await get('/api/v1/user/benefits/writing', latest), 40103, 401);
    expectError(
      await post('/api/v1/user/refresh', { refresh_token: next.body.refresh_token }),
      40103,
      401,
    );
    // Another login of the same user is not of that family.
    expect((await get('/api/v1/user/benefits/writing', other)).status).toBe(200);
    expect(
      (await post('/api/v1/user/refresh', { refresh_token: other.refresh_token })).status,
    ).toBe(200);
  });

  it('a replay of the token just used revokes the pair issued from it (40103)', async () => {
    const s = await session();
    const issued = await post('/api/v1/user/refresh', { refresh_token: s.refresh_token });
    const fresh = { uid: AUTHOR_UID, access_token: issued.body.access_token };
    expectError(await post('/api/v1/user/refresh', { refresh_token: s.refresh_token }), 40103, 401);
    expectError(await get('/api/v1/user/benefits/writing', fresh), 40103, 401);
  });

  it('two concurrent refreshes with one token: one pair, then revoked by the replay', async () => {
    const s = await session();
    const answers = await Promise.all([
      post('/api/v1/user/refresh', { refresh_token: s.refresh_token }),
      post('/api/v1/user/refresh', { refresh_token: s.refresh_token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const issued = answers.find((a) => a.status === 200)!;
    const fresh = { uid: AUTHOR_UID, access_token: issued.body.access_token };
    expectError(await get('/api/v1/user/benefits/writing', fresh), 40103, 401);
  });

  it('a session saved before families is a family of its own', async () => {
    const s = await session();
    await db.sessions.update((q) => q.where({ access_token: s.access_token }), {
      data: (r) => void delete r.family,
    });
    const issued = await post('/api/v1/user/refresh', { refresh_token: s.refresh_token });
    expect(issued.status).toBe(200);
    const fresh = { uid: AUTHOR_UID, access_token: issued.body.access_token };
    expectError(await post('/api/v1/user/refresh', { refresh_token: s.refresh_token }), 40103, 401);
    expectError(await get('/api/v1/user/benefits/writing', fresh), 40103, 401);
  });

  it('refuses a garbage, an access or an expired refresh token with 40103', async () => {
    const s = await session();
    expectError(await post('/api/v1/user/refresh', { refresh_token: 'garbage' }), 40103, 401);
    expectError(await post('/api/v1/user/refresh', { refresh_token: s.access_token }), 40103, 401);
    clock.shift(31 * 86400_000);
    expectError(await post('/api/v1/user/refresh', { refresh_token: s.refresh_token }), 40103, 401);
  });

  it('refuses a bad body with 42200', async () => {
    expectError(await post('/api/v1/user/refresh', {}), 42200);
  });
});

describe('POST /api/v1/user/logout', () => {
  it('revokes the session: later calls with it get 401/40103, other sessions live on', async () => {
    const auth = await session();
    const other = await session();
    const res = await post('/api/v1/user/logout', undefined, auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expectError(await get('/api/v1/user/benefits/writing', auth), 40103, 401);
    expectError(await post('/api/v1/user/logout', undefined, auth), 40103, 401);
    expectError(
      await post('/api/v1/user/refresh', { refresh_token: auth.refresh_token }),
      40103,
      401,
    );
    expect((await get('/api/v1/user/benefits/writing', other)).status).toBe(200);
  });

  it('needs a token (401, 40103)', async () => {
    expectError(await post('/api/v1/user/logout'), 40103, 401);
  });
});

describe('GET /api/v1/user/benefits/writing', () => {
  it("answers the caller's balance", async () => {
    const res = await get('/api/v1/user/benefits/writing', await session());
    expect(res.status).toBe(200);
    const row = db.benefits.findFirst((q) => q.where({ uid: AUTHOR_UID }))!;
    expect(res.body).toEqual({
      vip_words: row.vip_words,
      pack_words: row.pack_words,
      vip_expiry: row.vip_expiry,
      checkin_words: row.checkin_words,
      checkin_expiry: row.checkin_expiry,
      free_refresh_at: null, // a member
    });
  });

  it('creates a balance for an account without one: a free user, with the monthly quota', async () => {
    expect(db.benefits.findFirst((q) => q.where({ uid: 'u_official' }))).toBeUndefined();
    const res = await get('/api/v1/user/benefits/writing', await session('u_official'));
    const refresh = nextFreeRefreshS(clock.nowS());
    expect(res.body).toEqual({
      vip_words: FREE_MONTHLY_POWER,
      pack_words: 0,
      vip_expiry: refresh,
      checkin_words: 0,
      checkin_expiry: null,
      free_refresh_at: refresh,
    });
    expect(db.benefits.findFirst((q) => q.where({ uid: 'u_official' }))).toBeTruthy();
  });

  it('needs a token (401, 40103)', async () => {
    expectError(await get('/api/v1/user/benefits/writing'), 40103, 401);
  });
});

// ------------------------------------------------------------------ OAuth

describe('GET /v2/oauth/{provider} and POST /v2/oauth/{provider}/callback', () => {
  async function start(provider: string) {
    const res = await get(`/v2/oauth/${provider}`);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    return { url, code: url.searchParams.get('code')!, state: url.searchParams.get('state')! };
  }

  it("sends the browser to the app's own origin with code, oauth and state", async () => {
    const { url, code, state } = await start('wechat');
    expect(url.origin).toBe(window.location.origin);
    expect(url.searchParams.get('oauth')).toBe('wechat');
    expect(code).toBeTruthy();
    expect(db.codes.findFirst((q) => q.where({ codeid: state }))).toMatchObject({
      purpose: 'oauth',
      target: 'oauth:wechat',
      code,
      used: false,
    });
  });

  it('refuses an unknown provider with 42200', async () => {
    expectError(await get('/v2/oauth/github'), 42200);
  });

  /** The whole return: callback → user_token → oauth_proxy login. */
  async function logInWith(provider: string) {
    const s = await start(provider);
    const cb = await post(`/v2/oauth/${provider}/callback`, { state: s.state, code: s.code });
    expect(cb.status).toBe(200);
    expect(cb.body).toMatchObject({ ticket: expect.any(String), expires_in: 300 });
    const token = await post('/oauth2/user_token', {
      grant_type: 'authorization_code',
      code: cb.body.ticket,
      provider,
      client_id: 30,
    });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    return post('/api/v1/auth/oauth_proxy/login', {
      provider,
      user_token: token.body.user_token,
      client_id: 30,
    });
  }

  it('logs in through ticket and user token, creating the provider account once', async () => {
    const res = await logInWith('qq');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uid: oauthUid('qq'), phone: null, isLogin: true });
    expect(res.body.nickname).toMatch(/^QQ用户\d{4}$/);
    expect(
      db.sessions.findFirst((q) => q.where({ access_token: res.body.access_token })),
    ).toBeTruthy();

    const users = db.users.count();
    const again = await logInWith('qq');
    expect(again.body.uid).toBe(res.body.uid);
    expect(db.users.count()).toBe(users);
  });

  it('refuses a used state, another provider, a wrong code or an unknown state with 42200', async () => {
    const s = await start('weibo');
    expectError(await post('/v2/oauth/wechat/callback', { state: s.state, code: s.code }), 42200);
    expectError(
      await post('/v2/oauth/weibo/callback', { state: s.state, code: 'oc_wrong' }),
      42200,
    );
    expectError(
      await post('/v2/oauth/weibo/callback', { state: 'st_unknown', code: s.code }),
      42200,
    );
    expect((await post('/v2/oauth/weibo/callback', { state: s.state, code: s.code })).status).toBe(
      200,
    );
    expectError(await post('/v2/oauth/weibo/callback', { state: s.state, code: s.code }), 42200);
  });

  it('refuses a state older than 10 minutes with 42200', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const s = await start('wechat');
    clock.shift(10 * 60_000);
    expectError(await post('/v2/oauth/wechat/callback', { state: s.state, code: s.code }), 42200);
  });

  it('refuses a bad body with 42200', async () => {
    expectError(await post('/v2/oauth/wechat/callback', { state: 'x' }), 42200);
  });
});

describe('POST /oauth2/user_token (auth host) and POST /api/v1/auth/oauth_proxy/login', () => {
  async function ticketFor(provider: string) {
    const start = await get(`/v2/oauth/${provider}`);
    const url = new URL(start.body.url);
    const cb = await post(`/v2/oauth/${provider}/callback`, {
      state: url.searchParams.get('state'),
      code: url.searchParams.get('code'),
    });
    return cb.body.ticket as string;
  }
  const tokenBody = (code: string, provider = 'wechat', extra: Record<string, unknown> = {}) => ({
    grant_type: 'authorization_code',
    code,
    provider,
    client_id: 30,
    ...extra,
  });
  async function userTokenFor(provider: string) {
    const res = await post('/oauth2/user_token', tokenBody(await ticketFor(provider), provider));
    return res.body.user_token as string;
  }

  it("user_token refuses a spent, unknown or other provider's ticket with 42212", async () => {
    const ticket = await ticketFor('wechat');
    expectError(await post('/oauth2/user_token', tokenBody(ticket, 'qq')), 42212);
    expectError(await post('/oauth2/user_token', tokenBody('tk_unknown')), 42212);
    expect((await post('/oauth2/user_token', tokenBody(ticket))).status).toBe(200);
    expectError(await post('/oauth2/user_token', tokenBody(ticket)), 42212);
  });

  it('user_token refuses a ticket older than 5 minutes with 42212', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const ticket = await ticketFor('weibo');
    clock.shift(5 * 60_000);
    expectError(await post('/oauth2/user_token', tokenBody(ticket, 'weibo')), 42212);
  });

  it('user_token refuses a bad body or another client id with 42200', async () => {
    const ticket = await ticketFor('wechat');
    expectError(
      await post('/oauth2/user_token', tokenBody(ticket, 'wechat', { client_id: 31 })),
      42200,
    );
    expectError(
      await post('/oauth2/user_token', tokenBody(ticket, 'wechat', { grant_type: 'password' })),
      42200,
    );
    expectError(await post('/oauth2/user_token', { code: ticket }), 42200);
  });

  it('a ticket is not a user token, nor a state a ticket', async () => {
    const ticket = await ticketFor('qq');
    expectError(
      await post('/api/v1/auth/oauth_proxy/login', {
        provider: 'qq',
        user_token: ticket,
        client_id: 30,
      }),
      42213,
    );
  });

  it("proxy login refuses a spent, expired or other provider's user token with 42213", async () => {
    const token = await userTokenFor('wechat');
    const body = (provider: string) => ({ provider, user_token: token, client_id: 30 });
    expectError(await post('/api/v1/auth/oauth_proxy/login', body('weibo')), 42213);
    expect((await post('/api/v1/auth/oauth_proxy/login', body('wechat'))).status).toBe(200);
    expectError(await post('/api/v1/auth/oauth_proxy/login', body('wechat')), 42213);

    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    const late = await userTokenFor('wechat');
    clock.shift(5 * 60_000);
    expectError(
      await post('/api/v1/auth/oauth_proxy/login', {
        provider: 'wechat',
        user_token: late,
        client_id: 30,
      }),
      42213,
    );
  });

  it('proxy login refuses a bad body or another client id with 42200', async () => {
    const token = await userTokenFor('qq');
    expectError(
      await post('/api/v1/auth/oauth_proxy/login', {
        provider: 'qq',
        user_token: token,
        client_id: 1,
      }),
      42200,
    );
    expectError(await post('/api/v1/auth/oauth_proxy/login', { provider: 'qq' }), 42200);
  });
});

// ------------------------------------------------------------------ time and ads

describe('POST /time and GET /get_ad_list', () => {
  it('answers the mock clock in ms', async () => {
    clock.pin(Date.UTC(2026, 10, 20, 10, 0, 0));
    clock.shift(1234);
    const res = await post('/time');
    expect(res).toEqual({ status: 200, body: { now_ms: Date.UTC(2026, 10, 20, 10, 0, 1) + 234 } });
  });

  it('answers the ads', async () => {
    const res = await get('/get_ad_list');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(2);
    for (const ad of res.body.data) {
      expect(Object.keys(ad).sort()).toEqual(['id', 'image', 'link', 'title']);
    }
  });
});
