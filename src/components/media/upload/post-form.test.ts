import { describe, expect, it } from 'vitest';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { uploadTooLarge } from '@mocks/scenarios/upload';
import { session, get } from '@mocks/handlers/test-client';
import { FormPostError } from './run-upload';
import { postUploadForm } from './post-form';

const jpeg = () =>
  new Blob([new Uint8Array([255, 216, 255, 224, 1, 2, 3])], { type: 'image/jpeg' });

async function coverAccess() {
  const res = await get('/api/v2/universe_cover/uploading_credentials', await session());
  return { ...res.body, url: `http://localhost:3000${res.body.url}` };
}

describe('postUploadForm (XMLHttpRequest)', () => {
  it('posts the params and the file, reports progress and answers the query id', async () => {
    const progress: number[] = [];
    const result = await postUploadForm(await coverAccess(), jpeg(), (loaded, total) =>
      progress.push(Math.round((loaded / total) * 100)),
    );
    expect(result.query_id).toMatch(/^q_/);
    expect(progress.at(-1)).toBe(100);
    const row = db.uploads.findFirst((q) => q.where({ query_id: result.query_id }))!;
    // jsdom's Blob reaches the XHR interceptor re-encoded, so only the row is checked here; the
    // bytes are checked by the handler test (Node fetch) and in Chromium by
    // e2e/cropper-cover.e2e.ts.
    expect(row).toMatchObject({ purpose: 'cover', content_type: 'image/jpeg' });
    expect(row.size).toBeGreaterThan(0);
  });

  it('rejects with the status of a refused post (400 too large)', async () => {
    server.use(...uploadTooLarge());
    await expect(postUploadForm(await coverAccess(), jpeg(), () => {})).rejects.toEqual(
      new FormPostError(400),
    );
  });
});
