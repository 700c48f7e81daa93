// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { checkResponse } from '@/testing/contract-guard';
import { createBackend, type Backend } from './backend';

const ORIGIN = 'http://demo.test';

let backend: Backend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
});

/** One request to a backend over memory storage, as a host hands it over. */
async function ask(method: string, path: string) {
  backend ??= createBackend({ storage: { load: async () => null, save: async () => {} } });
  const request = new Request(`${ORIGIN}${path}`, { method });
  const response = (await backend.handle(request))!;
  // The answer is the one openapi/api.yaml gives for requests no operation takes (x-unmatched).
  expect(await checkResponse(request, response)).toEqual([]);
  return {
    status: response.status,
    allow: response.headers.get('Allow'),
    body: await response.json(),
  };
}

describe('a request no handler takes', () => {
  it('is 404 with 40400 when no path of the contract matches', async () => {
    expect(await ask('GET', '/api/v1/no-such-endpoint')).toEqual({
      status: 404,
      allow: null,
      body: {
        error_code: 40400,
        error_msg: 'no endpoint GET /api/v1/no-such-endpoint',
        content: null,
      },
    });
  });

  it('is 405 with 40500 and Allow when the path has no operation for the method', async () => {
    expect(await ask('PATCH', '/api/v1/stories/s_1/share')).toEqual({
      status: 405,
      allow: 'PUT',
      body: {
        error_code: 40500,
        error_msg: 'PATCH is not allowed on /api/v1/stories/{storyId}/share (allowed: PUT)',
        content: { allow: ['PUT'] },
      },
    });
  });

  it('matches a literal path before a template ("recycle" is not a story id)', async () => {
    const answer = await ask('DELETE', '/api/v1/stories/recycle');
    expect([answer.status, answer.allow]).toEqual([405, 'GET']);
    const story = await ask('POST', '/api/v1/stories/s_1');
    expect([story.status, story.allow]).toEqual([405, 'GET, DELETE, PATCH']);
  });
});
