import { HttpResponse } from 'msw';
import type { components } from '@/api/schema.gen';
import { clock } from '../clock';
import { avatarSvg } from '../avatars';
import { coverSvg } from '../covers';
import { randomId } from '../codes';
import { db, type UploadRecord, type UserRecord } from '../db';
import { fail, handle, http, ok, requireAuth } from '../http';
import { countAvatarChange } from './profile';
import {
  AUDIT_POLLS,
  UPLOAD_MAX_BYTES,
  UPLOAD_URL,
  checkDailyCap,
  fileUrl,
  fromDataUrl,
  toDataUrl,
  uploadParams,
  verifyPolicy,
} from './upload-policy';

/**
 * Image upload (contract tag `upload`): access for the four variants (entry image, world
 * cover, exploration entry avatar, report image), the storage host's form post and files, the result polls
 * and the image audit. The avatar's access lives with the profile handlers.
 */

type ImageAudit = components['schemas']['ImageAudit'];

function selfOf(request: Request): UserRecord {
  const uid = requireAuth(request);
  return (
    db.users.findFirst((q) => q.where({ uid })) ??
    fail(40103, 'user of the token no longer exists', null, 401)
  );
}

function ownWorld(uid: string, id: string) {
  const world = db.worlds.findFirst((q) => q.where({ id }));
  return world && !world.deleted && world.uid === uid ? world : undefined;
}

function entryOf(universeId: string, id: string) {
  return db.entries.findFirst((q) => q.where({ id, universe_id: universeId }));
}

/** The audit finishes after AUDIT_POLLS pending answers; a passed avatar is applied then. */
async function advance(row: UploadRecord): Promise<UploadRecord> {
  if (row.status === 'done') return row;
  const pollsLeft = row.polls_left - 1;
  const done = pollsLeft <= 0;
  const next =
    (await db.uploads.update((q) => q.where({ id: row.id }), {
      data: (u) => {
        u.polls_left = Math.max(0, pollsLeft);
        if (done) u.status = 'done';
        // A refused image is never served: drop its bytes, keep the row for the daily count.
        if (done && !u.passed) u.data_url = '';
      },
    })) ?? row;
  if (done && next.passed && next.purpose === 'avatar') await applyAvatar(next);
  return next;
}

async function applyAvatar(row: UploadRecord) {
  await db.users.update((q) => q.where({ uid: row.uid }), {
    data: (u) => void (u.headimgurl = fileUrl(row.id)),
  });
  await countAvatarChange(row.uid);
  // Earlier avatars are no longer shown anywhere: free their storage.
  const superseded = db.uploads.findMany((q) =>
    q.where({ uid: row.uid, purpose: 'avatar', status: 'done' }),
  );
  for (const old of superseded) {
    if (old.id !== row.id && old.data_url) {
      await db.uploads.update((q) => q.where({ id: old.id }), {
        data: (u) => void (u.data_url = ''),
      });
    }
  }
}

function ownUpload(uid: string, where: { id?: string; query_id?: string }): UploadRecord {
  const row = db.uploads.findFirst((q) => q.where(where));
  if (!row || row.uid !== uid) fail(40405, 'upload not found');
  return row;
}

export const uploadHandlers = [
  /** Order: token, world (40403), entry (40404), daily cap (40407). */
  http.get(
    '/api/v1/universes/{id}/entries/{entryId}/upload_credential',
    handle(({ request, params }) => {
      const user = selfOf(request);
      if (!ownWorld(user.uid, params.id)) fail(40403, 'world deleted');
      if (!entryOf(params.id, params.entryId)) fail(40404, 'entry deleted');
      checkDailyCap(user.uid, 40407);
      return ok({
        status: 0,
        params: uploadParams(user.uid, 'entry', params.entryId),
        url: UPLOAD_URL,
      });
    }),
  ),

  /** A suspended account cannot use the cover feature (40338, inferred trigger). */
  http.get(
    '/api/v2/universe_cover/uploading_credentials',
    handle(({ request }) => {
      const user = selfOf(request);
      if (user.shut && user.shut_end_time * 1000 > clock.nowMs())
        fail(40338, 'cover feature unavailable');
      checkDailyCap(user.uid, 40307);
      return ok({ status: 0, params: uploadParams(user.uid, 'cover'), url: UPLOAD_URL });
    }),
  ),

  /** Images of a report (file ids sent with createReport); the daily cap as every upload. */
  http.get(
    '/api/v2/report/uploading_credentials',
    handle(({ request }) => {
      const user = selfOf(request);
      checkDailyCap(user.uid, 40307);
      return ok({ status: 0, params: uploadParams(user.uid, 'report'), url: UPLOAD_URL });
    }),
  ),

  /**
   * An entry of the chat's own world (its game's copy, mocks/handlers/exploration.ts): 40403
   * (the exploration error text) when the chat is not one of the caller's current chats, 40404
   * when the entry is not in its world. The passed image reaches the entry through
   * updateChatEntry's `image`.
   */
  http.post(
    '/api/v2/chats/{chatId}/universe/{entryId}/upload_credential',
    handle(({ request, params }) => {
      const user = selfOf(request);
      const chat = db.chats.findFirst((q) => q.where({ id: params.chatId }));
      const game = chat && db.chatGames.findFirst((q) => q.where({ id: chat.game_id }));
      if (!chat || chat.uid !== user.uid || !game || game.chat_id !== chat.id)
        fail(40403, 'exploration missing');
      const entry = db.chatEntries.findFirst((q) => q.where({ id: params.entryId }));
      if (!entry || entry.universe_id !== game.universe_id) fail(40404, 'entry deleted');
      checkDailyCap(user.uid, 40307);
      return ok({
        status: 0,
        params: uploadParams(user.uid, 'exploration', params.entryId),
        url: UPLOAD_URL,
      });
    }),
  ),

  /**
   * The storage host: checks the signed policy (40300), the size (400 / 40001 over 1 MiB) and
   * the type, stores the image and answers the result key.
   */
  http.post(
    '/mock-oss/upload',
    handle(async ({ request }) => {
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        fail(40300, 'not a multipart form');
      }
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : '';
      };
      const claims = verifyPolicy(text('policy'), text('signature'), text('key'));
      const file = form.get('file');
      if (!file || typeof file === 'string') fail(40300, 'no file');
      if (file.size > UPLOAD_MAX_BYTES) fail(40001, 'file too large');
      if (file.size === 0 || !file.type.startsWith('image/')) fail(40300, 'not an image');
      const bytes = new Uint8Array(await file.arrayBuffer());
      const row = await db.uploads.create({
        id: randomId('img_'),
        query_id: randomId('q_'),
        uid: claims.uid,
        purpose: claims.purpose,
        target: claims.target,
        content_type: file.type,
        size: file.size,
        data_url: toDataUrl(bytes, file.type),
        created_at: clock.nowMs(),
        polls_left: AUDIT_POLLS + 1,
        status: 'pending',
        passed: true,
      });
      return ok({ query_id: row.query_id });
    }),
  ),

  http.get(
    '/mock-oss/files/{fileId}',
    handle(({ params }) => {
      const row = db.uploads.findFirst((q) => q.where({ id: params.fileId }));
      const file = row?.data_url ? fromDataUrl(row.data_url) : null;
      if (!file) return new HttpResponse(null, { status: 404 }) as never;
      return new HttpResponse(file.bytes, {
        headers: { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=31536000' },
      }) as never;
    }),
  ),

  /**
   * The seeded shares' covers: drawn from the name, the same bytes forever (mocks/covers.ts).
   * No simulated latency: they are on the square's first screen, as a CDN would serve them.
   */
  http.get('/mock-oss/covers/{name}.svg', ({ params }) => {
    const svg = coverSvg(params.name);
    if (!svg) return new HttpResponse(null, { status: 404 }) as never;
    return new HttpResponse(svg, {
      headers: {
        'Content-Type': 'image/svg+xml',
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    }) as never;
  }),

  /** The seeded users' avatars, drawn from the name like the covers (mocks/avatars.ts). */
  http.get('/mock-oss/avatars/{name}.svg', ({ params }) => {
    const svg = avatarSvg(params.name);
    if (!svg) return new HttpResponse(null, { status: 404 }) as never;
    return new HttpResponse(svg, {
      headers: {
        'Content-Type': 'image/svg+xml',
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    }) as never;
  }),

  /** Pending for AUDIT_POLLS polls, then done; `url` only for a passed image. */
  http.get(
    '/api/v2/upload_results/{queryId}',
    handle(async ({ request, params }) => {
      const user = selfOf(request);
      const row = await advance(ownUpload(user.uid, { query_id: params.queryId }));
      return ok({
        status: row.status,
        passed: row.passed,
        image_id: row.id,
        ...(row.status === 'done' && row.passed ? { url: fileUrl(row.id) } : {}),
      });
    }),
  ),

  /**
   * Shares the audit's progress with the result polls. The mock's audit refuses only as
   * sensitive (`reason: sensitive`); a passed image comes with its url.
   */
  http.get(
    '/api/v1/audit/images/{imageId}',
    handle(async ({ request, params }) => {
      const user = selfOf(request);
      const row = await advance(ownUpload(user.uid, { id: params.imageId }));
      const state: ImageAudit['state'] =
        row.status === 'pending' ? 'pending' : row.passed ? 'passed' : 'rejected';
      return ok({
        image_id: row.id,
        state,
        reason: state === 'rejected' ? ('sensitive' as const) : null,
        ...(state === 'passed' ? { url: fileUrl(row.id) } : {}),
      });
    }),
  ),
];
