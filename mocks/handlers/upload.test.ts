// Node's own fetch, FormData and Blob: jsdom's Blob does not survive a multipart fetch body.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clock } from '../clock';
import { db } from '../db';
import { server } from '../server';
import { AUTHOR_UID } from '../seed-ids';
import {
  uploadMaintenance,
  uploadNeverFinishes,
  uploadSensitive,
  uploadTooFrequent,
  uploadTooLarge,
} from '../scenarios/upload';
import { AVATAR_CHANGES_PER_MONTH } from './profile';
import { AUDIT_POLLS, UPLOADS_PER_DAY, UPLOAD_MAX_BYTES, UPLOAD_URL } from './upload-policy';
import { type Auth, ORIGIN, call, expectError, get, session } from './test-client';

// ------------------------------------------------------------------ helpers

const PNG_BYTES = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3, 4]);

function authorWorld() {
  const world = db.worlds.findFirst((q) => q.where({ uid: AUTHOR_UID, deleted: false }))!;
  const entry = db.entries.findFirst((q) => q.where({ universe_id: world.id }))!;
  return { world, entry };
}

const entryAccessPath = (worldId: string, entryId: string) =>
  `/api/v1/universes/${worldId}/entries/${entryId}/upload_credential?suffix=png`;
const COVER_ACCESS = '/api/v2/universe_cover/uploading_credentials';
const AVATAR_ACCESS = '/api/v2/avatar/uploading_credentials';
const explorationAccessPath = (chatId: string, entryId: string) =>
  `/api/v2/chats/${chatId}/universe/${entryId}/upload_credential`;

/** The seeded author's latest chat game: its current chat and an entry of its world copy. */
function authorChat() {
  const game = db.chatGames
    .findMany((q) => q.where({ uid: AUTHOR_UID }))
    .sort((a, b) => b.updated_at - a.updated_at)[0]!;
  const entry = db.chatEntries.findFirst((q) => q.where({ universe_id: game.universe_id }))!;
  return { chatId: game.chat_id, entry, game };
}

/** The multipart form post the client makes with the access params. */
async function postForm(
  params: Record<string, string>,
  file: Blob = new Blob([PNG_BYTES], { type: 'image/png' }),
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(params)) form.append(k, v);
  form.append('file', file, 'image.png');
  const res = await fetch(ORIGIN + UPLOAD_URL, { method: 'POST', body: form });
  return {
    status: res.status,
    body: (await res.json()) as { query_id?: string; error_code?: number },
  };
}

const pollResult = (queryId: string, auth: Auth) => get(`/api/v2/upload_results/${queryId}`, auth);

/** Access, form post and polls until done: the whole pipeline against the mock. */
async function uploadAvatar(auth: Auth) {
  const access = await get(AVATAR_ACCESS, auth);
  expect(access.status).toBe(200);
  const posted = await postForm(access.body.params);
  expect(posted.status).toBe(200);
  let result = await pollResult(posted.body.query_id!, auth);
  for (let i = 0; i < 5 && result.body.status !== 'done'; i++)
    result = await pollResult(posted.body.query_id!, auth);
  return result;
}

async function fillDailyCap(uid: string) {
  for (let i = 0; i < UPLOADS_PER_DAY; i++) {
    await db.uploads.create({
      id: `img_fill_${i}`,
      query_id: `q_fill_${i}`,
      uid,
      purpose: 'cover',
      target: '',
      content_type: 'image/jpeg',
      size: 10,
      data_url: '',
      created_at: clock.nowMs(),
      polls_left: 0,
      status: 'done',
      passed: true,
    });
  }
}

// ------------------------------------------------------------------ access

describe('upload access', () => {
  it('grants entry-image access with a signed policy for the storage host', async () => {
    const { world, entry } = authorWorld();
    const res = await get(entryAccessPath(world.id, entry.id), await session());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 0, url: UPLOAD_URL });
    expect(res.body.params).toMatchObject({ 'x-oss-meta-purpose': 'entry' });
    expect(res.body.params.signature).toMatch(/^[0-9a-f]{16}$/);
  });

  it('entry image: 40403 for a world that is not the caller’s', async () => {
    const other = db.worlds.findFirst((q) => q.where({ uid: 'u_sfrie8d4q4' }));
    const otherId = other?.id ?? 'w_missing';
    expectError(await get(entryAccessPath(otherId, 'e_x'), await session()), 40403);
    expectError(await get(entryAccessPath('w_missing', 'e_x'), await session()), 40403);
  });

  it('entry image: 40404 for a deleted entry', async () => {
    const { world } = authorWorld();
    expectError(await get(entryAccessPath(world.id, 'e_missing'), await session()), 40404);
  });

  it('entry image: 40407 once the day’s uploads are used', async () => {
    const { world, entry } = authorWorld();
    await fillDailyCap(AUTHOR_UID);
    expectError(await get(entryAccessPath(world.id, entry.id), await session()), 40407);
  });

  it('cover: 40307 once the day’s uploads are used; a new day starts again', async () => {
    const auth = await session();
    await fillDailyCap(AUTHOR_UID);
    expectError(await get(COVER_ACCESS, auth), 40307);
    clock.shift(86400_000);
    expect((await get(COVER_ACCESS, await session())).status).toBe(200);
    clock.reset();
  });

  it('cover: 40338 for a suspended account', async () => {
    await db.users.update((q) => q.where({ uid: AUTHOR_UID }), {
      data: (u) => {
        u.shut = true;
        u.shut_end_time = clock.nowS() + 3600;
      },
    });
    expectError(await get(COVER_ACCESS, await session()), 40338);
  });

  it('exploration avatar: an entry of the chat’s world; 40404 for any other, 40403 for a chat not mine', async () => {
    const auth = await session();
    const { chatId, entry, game } = authorChat();
    const granted = await call('POST', explorationAccessPath(chatId, entry.id), { auth });
    expect(granted.status).toBe(200);
    expectError(await call('POST', explorationAccessPath(chatId, 'ce_missing'), { auth }), 40404);
    // An entry of the source world is not an entry of the chat's copy.
    const source = db.entries.findFirst((q) => q.where({ universe_id: db.worlds.all()[0]!.id }))!;
    expectError(await call('POST', explorationAccessPath(chatId, source.id), { auth }), 40404);
    expectError(await call('POST', explorationAccessPath('ch_missing', entry.id), { auth }), 40403);
    const other = await session('u_official');
    expectError(
      await call('POST', explorationAccessPath(chatId, entry.id), { auth: other }),
      40403,
    );
    await call('DELETE', `/api/v2/chat_games/${game.id}`, { auth });
    expectError(await call('POST', explorationAccessPath(chatId, entry.id), { auth }), 40403);
  });

  it('exploration avatar: 40307 once the day’s uploads are used', async () => {
    const { chatId, entry } = authorChat();
    await fillDailyCap(AUTHOR_UID);
    expectError(
      await call('POST', explorationAccessPath(chatId, entry.id), { auth: await session() }),
      40307,
    );
  });

  it('avatar: 40307 once the day’s uploads are used', async () => {
    await fillDailyCap(AUTHOR_UID);
    expectError(await get(AVATAR_ACCESS, await session()), 40307);
  });

  it('every access call needs a token (401, 40103)', async () => {
    const { world, entry } = authorWorld();
    const chat = authorChat();
    expectError(await get(entryAccessPath(world.id, entry.id)), 40103, 401);
    expectError(await get(COVER_ACCESS), 40103, 401);
    expectError(await call('POST', explorationAccessPath(chat.chatId, chat.entry.id)), 40103, 401);
  });

  it('upload-maintenance: 40306 on v2 calls, 40406 on the entry call', async () => {
    server.use(...uploadMaintenance());
    const auth = await session();
    const { world, entry } = authorWorld();
    expectError(await get(COVER_ACCESS, auth), 40306);
    expectError(await get(AVATAR_ACCESS, auth), 40306);
    const chat = authorChat();
    expectError(
      await call('POST', explorationAccessPath(chat.chatId, chat.entry.id), { auth }),
      40306,
    );
    expectError(await get(entryAccessPath(world.id, entry.id), auth), 40406);
  });

  it('upload-too-frequent: 40307 on v2 calls, 40407 on the entry call', async () => {
    server.use(...uploadTooFrequent());
    const auth = await session();
    const { world, entry } = authorWorld();
    expectError(await get(COVER_ACCESS, auth), 40307);
    expectError(await get(entryAccessPath(world.id, entry.id), auth), 40407);
  });
});

// ------------------------------------------------------------------ storage host

describe('POST /mock-oss/upload', () => {
  it('stores the image and serves it at the result url once the audit passes', async () => {
    const auth = await session();
    const access = await get(COVER_ACCESS, auth);
    const posted = await postForm(access.body.params);
    expect(posted.status).toBe(200);
    const queryId = posted.body.query_id!;
    for (let i = 0; i < AUDIT_POLLS; i++) {
      expect((await pollResult(queryId, auth)).body).toEqual({
        status: 'pending',
        passed: true,
        image_id: expect.any(String),
      });
    }
    const done = await pollResult(queryId, auth);
    expect(done.body).toEqual({
      status: 'done',
      passed: true,
      image_id: expect.any(String),
      url: expect.stringMatching(/^\/mock-oss\/files\//),
    });
    const file = await fetch(ORIGIN + done.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('40001 (400) for a file over 1 MiB', async () => {
    const access = await get(COVER_ACCESS, await session());
    const big = new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)], { type: 'image/jpeg' });
    const posted = await postForm(access.body.params, big);
    expect(posted.status).toBe(400);
    expect(posted.body.error_code).toBe(40001);
  });

  it('40300 (403) for a forged signature, an expired policy or a non-image', async () => {
    const access = await get(COVER_ACCESS, await session());
    const forged = await postForm({ ...access.body.params, signature: '0000000000000000' });
    expect([forged.status, forged.body.error_code]).toEqual([403, 40300]);
    const text = await postForm(access.body.params, new Blob(['hi'], { type: 'text/plain' }));
    expect([text.status, text.body.error_code]).toEqual([403, 40300]);
    clock.shift(16 * 60_000);
    const late = await postForm(access.body.params);
    expect([late.status, late.body.error_code]).toEqual([403, 40300]);
    clock.reset();
  });

  it('upload-too-large: every form post answers 400 / 40001', async () => {
    server.use(...uploadTooLarge());
    const access = await get(COVER_ACCESS, await session());
    const posted = await postForm(access.body.params);
    expect([posted.status, posted.body.error_code]).toEqual([400, 40001]);
  });
});

// ------------------------------------------------------------------ results and audit

describe('upload results', () => {
  it('a passed avatar becomes the headimgurl and uses one of the month’s changes', async () => {
    const auth = await session();
    const result = await uploadAvatar(auth);
    expect(result.body).toMatchObject({ status: 'done', passed: true });
    const user = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!;
    expect(user.headimgurl).toBe(result.body.url);
    const limits = await get('/api/v2/self/profile/limits', auth);
    expect(limits.body.avatar.used_times).toBe(1);
    expect((await get('/api/v2/self/profile', auth)).body.user.avatar).toBe(result.body.url);
  });

  it('the earlier avatar stops being served once a new one passes', async () => {
    const auth = await session();
    const first = await uploadAvatar(auth);
    await uploadAvatar(auth);
    expect((await fetch(ORIGIN + first.body.url)).status).toBe(404);
  });

  it('40332 after the month’s avatar changes, counted by passed uploads', async () => {
    const auth = await session();
    for (let i = 0; i < AVATAR_CHANGES_PER_MONTH; i++) await uploadAvatar(auth);
    expectError(await get(AVATAR_ACCESS, auth), 40332);
  });

  it('40405 for an unknown or someone else’s upload; 40103 without a token', async () => {
    const auth = await session();
    expectError(await pollResult('q_missing', auth), 40405);
    const access = await get(COVER_ACCESS, auth);
    const posted = await postForm(access.body.params);
    expectError(await pollResult(posted.body.query_id!, await session('u_official')), 40405);
    expectError(await get(`/api/v2/upload_results/${posted.body.query_id}`), 40103, 401);
  });

  it('upload-sensitive: done with passed false, the avatar stays and the file is dropped', async () => {
    server.use(...uploadSensitive());
    const auth = await session();
    const before = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.headimgurl;
    const result = await uploadAvatar(auth);
    expect(result.body).toEqual({ status: 'done', passed: false, image_id: expect.any(String) });
    expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.headimgurl).toBe(before);
    expect(db.uploads.all().every((u) => u.data_url === '')).toBe(true);
  });

  it('upload-never-finishes: every poll answers pending', async () => {
    server.use(...uploadNeverFinishes());
    const auth = await session();
    const access = await get(COVER_ACCESS, auth);
    const posted = await postForm(access.body.params);
    const row = db.uploads.all().at(-1)!;
    for (let i = 0; i < AUDIT_POLLS + 3; i++) {
      const res = await pollResult(posted.body.query_id!, auth);
      expect(res.body).toMatchObject({ status: 'pending', image_id: row.id });
    }
    // The audit itself still finishes: the client's audit dialog can follow it.
    const states: string[] = [];
    for (let i = 0; i <= AUDIT_POLLS; i++)
      states.push((await get(`/api/v1/audit/images/${row.id}`, auth)).body.state);
    expect(states.at(-1)).toBe('passed');
  });
});

describe('GET /api/v1/audit/images/{imageId}', () => {
  it('is pending, then passed, sharing progress with the result polls', async () => {
    const auth = await session();
    const access = await get(COVER_ACCESS, auth);
    await postForm(access.body.params);
    const row = db.uploads.all().at(-1)!;
    const states: string[] = [];
    for (let i = 0; i <= AUDIT_POLLS; i++)
      states.push((await get(`/api/v1/audit/images/${row.id}`, auth)).body.state);
    expect(states).toEqual([...Array<string>(AUDIT_POLLS).fill('pending'), 'passed']);
    const passed = await get(`/api/v1/audit/images/${row.id}`, auth);
    expect(passed.body).toEqual({
      image_id: row.id,
      state: 'passed',
      reason: null,
      url: `/mock-oss/files/${row.id}`,
    });
  });

  it('a pending result names its image from the first poll', async () => {
    const auth = await session();
    const access = await get(COVER_ACCESS, auth);
    const posted = await postForm(access.body.params);
    const row = db.uploads.all().at(-1)!;
    expect((await pollResult(posted.body.query_id!, auth)).body).toEqual({
      status: 'pending',
      passed: true,
      image_id: row.id,
    });
  });

  it('a refused image is rejected as sensitive, without a url', async () => {
    server.use(...uploadSensitive());
    const auth = await session();
    const access = await get(COVER_ACCESS, auth);
    const posted = await postForm(access.body.params);
    await pollResult(posted.body.query_id!, auth);
    const row = db.uploads.all().at(-1)!;
    expect((await get(`/api/v1/audit/images/${row.id}`, auth)).body).toEqual({
      image_id: row.id,
      state: 'rejected',
      reason: 'sensitive',
    });
  });

  it("40405 for someone else's image", async () => {
    const auth = await session();
    const access = await get(COVER_ACCESS, auth);
    await postForm(access.body.params);
    const row = db.uploads.all().at(-1)!;
    expectError(await get(`/api/v1/audit/images/${row.id}`, await session('u_official')), 40405);
  });

  it('40405 for an unknown image; 40103 without a token', async () => {
    expectError(await get('/api/v1/audit/images/img_missing', await session()), 40405);
    expectError(await get('/api/v1/audit/images/img_missing'), 40103, 401);
  });
});
