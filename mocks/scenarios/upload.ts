import { db } from '../db';
import { fail, handle, http, ok, requireAuth } from '../http';

/**
 * Image upload faults (spec 1 §4, §8): the same functions serve tests, stories and the demo's
 * `?scenario=`. Each returns handlers that take precedence over handlers/upload.ts.
 */

const V2_ACCESS = [
  '/api/v2/avatar/uploading_credentials',
  '/api/v2/universe_cover/uploading_credentials',
  '/api/v2/report/uploading_credentials',
] as const;

/** Every image upload access call answers "under maintenance" (40306; 40406 on the v1 call). */
export function uploadMaintenance() {
  return accessFailing(40306, 40406, 'image upload under maintenance');
}

/** Every image upload access call answers "too many uploads today" (40307; 40407 on v1). */
export function uploadTooFrequent() {
  return accessFailing(40307, 40407, 'too many uploads today');
}

function accessFailing(v2Code: number, v1Code: number, message: string) {
  return [
    ...V2_ACCESS.map((path) =>
      http.get(
        path,
        handle(() => fail(v2Code, message)),
      ),
    ),
    http.post(
      '/api/v2/chats/{chatId}/universe/{entryId}/upload_credential',
      handle(() => fail(v2Code, message)),
    ),
    http.get(
      '/api/v1/universes/{id}/entries/{entryId}/upload_credential',
      handle(() => fail(v1Code, message)),
    ),
  ];
}

/** The storage host refuses every file as too large (400 / 40001). */
export function uploadTooLarge() {
  return [
    http.post(
      '/mock-oss/upload',
      handle(() => fail(40001, 'file too large')),
    ),
  ];
}

/** The audit refuses every image as sensitive: the result is done with passed false. */
export function uploadSensitive() {
  return [
    http.get(
      '/api/v2/upload_results/{queryId}',
      handle(async ({ request, params }) => {
        const uid = requireAuth(request);
        const row = db.uploads.findFirst((q) => q.where({ query_id: params.queryId, uid }));
        if (!row) fail(40405, 'upload not found');
        await db.uploads.update((q) => q.where({ id: row.id }), {
          data: (u) => {
            u.status = 'done';
            u.passed = false;
            u.data_url = '';
          },
        });
        return ok({ status: 'done' as const, passed: false, image_id: row.id });
      }),
    ),
  ];
}

/**
 * The result polls never finish: every poll answers pending (the client gives up after 60 and
 * offers the audit dialog, whose call still follows the audit to its end).
 */
export function uploadNeverFinishes() {
  return [
    http.get(
      '/api/v2/upload_results/{queryId}',
      handle(({ request, params }) => {
        const uid = requireAuth(request);
        const row = db.uploads.findFirst((q) => q.where({ query_id: params.queryId, uid }));
        if (!row) fail(40405, 'upload not found');
        return ok({ status: 'pending' as const, passed: false, image_id: row.id });
      }),
    ),
  ];
}
