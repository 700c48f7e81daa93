import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { AUTHOR_UID } from './seed-ids';
import { type Auth, call, expectError, get, ORIGIN, post, session } from './handlers/test-client';

// Issue 25: every request is checked against its operation in openapi/api.yaml (the validators
// `npm run api:gen` compiles with Ajv); what breaks it is answered 422 with 42200.

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

const ESC = '\u001b';

/** A call with exactly these headers (test-client always adds lang and ostype). */
async function bare(path: string, headers: Record<string, string>) {
  const res = await fetch(ORIGIN + path, { headers });
  return {
    status: res.status,
    body: (await res.json()) as { error_code: number; error_msg: string },
  };
}

describe('headers', () => {
  it('a request without ostype is refused with 42200, named in the message', async () => {
    const answer = await bare('/api/v1/settings/copy', { lang: 'en' });
    expectError(answer, 42200);
    expect(answer.body.error_msg).toBe('missing parameters: header ostype');
  });

  it('the message comes in the request language', async () => {
    const answer = await bare('/api/v1/settings/copy', { lang: 'zh' });
    expectError(answer, 42200);
    expect(answer.body.error_msg).toBe('缺少参数：请求头 ostype');
  });

  it('an ostype outside its enum, and a missing lang, are refused', async () => {
    expectError(await bare('/api/v1/settings/copy', { lang: 'zh', ostype: 'ios' }), 42200);
    expectError(await bare('/api/v1/settings/copy', { ostype: 'web' }), 42200);
    expect((await bare('/api/v1/settings/copy', { lang: 'zh', ostype: 'web' })).status).toBe(200);
  });
});

describe('query and path parameters', () => {
  it('an image_format outside its enum is refused; a listed one is taken', async () => {
    const bad = await call('GET', '/api/v2/avatar/uploading_credentials?image_format=AAA', {
      auth,
      headers: { lang: 'en' },
    });
    expectError(bad, 42200);
    expect(bad.body.error_msg).toMatch(/^invalid parameters: query image_format must be one of/);
    const good = await get('/api/v2/avatar/uploading_credentials?image_format=png', auth);
    expect(good.status).toBe(200);
  });

  it('a query parameter the operation does not list is refused, not echoed into paging', async () => {
    const answer = await call('GET', '/api/v1/stories?page=1&sneaky=1', {
      auth,
      headers: { lang: 'en' },
    });
    expectError(answer, 42200);
    expect(answer.body.error_msg).toBe(
      'invalid parameters: query sneaky is not a parameter of this operation',
    );
  });

  it('integers are read from the query text and held to their limits', async () => {
    expect((await get('/api/v2/chat_games?limit=5', auth)).status).toBe(200);
    expectError(await get('/api/v2/chat_games?limit=51', auth), 42200);
    expectError(await get('/api/v2/chat_games?limit=five', auth), 42200);
  });

  it('an empty bid or keyword breaks the contract (minLength)', async () => {
    expectError(await get('/api/v1/search/users?keyword=', auth), 42200);
    const products = `/api/v1/payment/v1/subscription/products?app_type=30&uid=${AUTHOR_UID}`;
    expectError(await get(`${products}&bid=`, auth), 42200);
    expect((await get(`${products}&bid=inkworld`, auth)).status).toBe(200);
  });

  it('an undecodable cursor is named as such, not as a missing parameter', async () => {
    const answer = await get('/api/v2/chat_games?cursor=zzz', auth);
    expectError(answer, 42200);
    expect(answer.body.error_msg).not.toMatch(/missing/);
    expect(answer.body.error_msg).toMatch(/cursor/);
  });
});

describe('bodies', () => {
  it('a story title with a control character (ESC) is refused; a plain one is created', async () => {
    const before = db.stories.all().length;
    const refused = await call('POST', '/api/v1/stories', {
      body: { title: `标题${ESC}[31m` },
      auth,
      headers: { lang: 'en' },
    });
    expectError(refused, 42200);
    expect(refused.body.error_msg).toMatch(/^invalid parameters: body title /);
    expect(db.stories.all()).toHaveLength(before);
    const created = await post('/api/v1/stories', { title: '新的故事' }, auth);
    expect(created.status).toBe(200);
    expect(created.body.title).toBe('新的故事');
  });

  it('line breaks and tabs are control characters in a name too', async () => {
    expectError(await post('/api/v1/stories', { title: 'a\nb' }, auth), 42200);
    expectError(await post('/api/v1/stories', { title: 'a\tb' }, auth), 42200);
    expectError(await post('/api/v1/stories', { title: 'a\u007fb' }, auth), 42200);
  });

  it('an unknown body key is refused (additionalProperties: false)', async () => {
    const answer = await call('POST', '/api/v1/stories', {
      body: { title: '故事', is_admin: true },
      auth,
      headers: { lang: 'en' },
    });
    expectError(answer, 42200);
    expect(answer.body.error_msg).toBe(
      'invalid parameters: body is_admin is not a parameter of this operation',
    );
  });

  it('an unknown key in a composed body (unevaluatedProperties: false) is refused too', async () => {
    const world = db.worlds.all().find((w) => w.uid === AUTHOR_UID && !w.deleted)!;
    const entry = { name: '阿青', description: '剑客', type: 'normal' };
    const path = `/api/v1/universes/${world.id}/entries`;
    expectError(await post(path, { ...entry, secret: 1 }, auth), 42200);
    expect((await post(path, entry, auth)).status).toBe(200);
  });

  it('a missing key, a wrong type and a body that is not JSON are refused', async () => {
    expectError(await post('/api/v1/stories', {}, auth), 42200);
    expectError(await post('/api/v1/stories', { title: 7 }, auth), 42200);
    expectError(await call('POST', '/api/v1/stories', { raw: '{"title":', auth }), 42200);
  });
});
