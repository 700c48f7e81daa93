import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FormPostError,
  UploadAbandonedError,
  UploadFailedError,
  runUpload,
  type UploadTransport,
} from './run-upload';
import { MAX_POLLS, POLL_INTERVAL_MS, type PollAnswer, type UploadState } from './upload-machine';

const jpeg = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
const access = { status: 0, params: { key: 'k' }, url: '/mock-oss/upload' };

function transport(answers: PollAnswer[], overrides: Partial<UploadTransport> = {}) {
  const polls: string[] = [];
  const t: UploadTransport = {
    requestAccess: vi.fn(async () => access),
    postForm: vi.fn(async (_a, _f, onProgress) => {
      onProgress(5, 10);
      onProgress(10, 10);
      return { query_id: 'q1' };
    }),
    pollResult: vi.fn(async (queryId: string) => {
      polls.push(queryId);
      return answers[Math.min(polls.length, answers.length) - 1]!;
    }),
    ...overrides,
  };
  return { t, polls };
}

const pending: PollAnswer = { status: 'pending', passed: false };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('runUpload', () => {
  it('resolves with the stored image id when the result names it', async () => {
    const { t } = transport([{ status: 'done', passed: true, url: '/f/2', image_id: 'img_2' }]);
    const promise = runUpload(jpeg, t);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await expect(promise).resolves.toEqual({ url: '/f/2', imageId: 'img_2' });
  });

  it('polls once per second until done and resolves with the url', async () => {
    const { t, polls } = transport([
      pending,
      pending,
      { status: 'done', passed: true, url: '/f/1' },
    ]);
    const states: UploadState[] = [];
    const promise = runUpload(jpeg, t, { onChange: (s) => states.push(s) });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(polls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS);
    await expect(promise).resolves.toEqual({ url: '/f/1' });
    expect(polls).toHaveLength(3);
    expect(states.map((s) => s.phase)).toEqual([
      'requesting',
      'posting',
      'posting',
      'posting',
      'polling',
      'polling',
      'polling',
      'done',
    ]);
    expect(states.filter((s) => s.phase === 'posting').map((s) => s.percent)).toEqual([0, 50, 100]);
  });

  it('gives up after exactly 60 polls, without further calls', async () => {
    const { t, polls } = transport([pending]);
    const promise = runUpload(jpeg, t);
    const outcome = expect(promise).rejects.toBeInstanceOf(UploadAbandonedError);
    await vi.advanceTimersByTimeAsync(MAX_POLLS * POLL_INTERVAL_MS);
    await outcome;
    expect(polls).toHaveLength(MAX_POLLS);
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(polls).toHaveLength(MAX_POLLS);
  });

  it('rejects a sensitive image', async () => {
    const { t } = transport([{ status: 'done', passed: false }]);
    const promise = runUpload(jpeg, t);
    const outcome = expect(promise).rejects.toEqual(new UploadFailedError({ kind: 'sensitive' }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await outcome;
  });

  it('rejects a non-image or a browser without FileReader before any call', async () => {
    const { t } = transport([pending]);
    await expect(runUpload(new Blob(['x'], { type: 'text/plain' }), t)).rejects.toMatchObject({
      failure: { kind: 'notImage' },
    });
    await expect(runUpload(jpeg, t, { hasFileReader: false })).rejects.toMatchObject({
      failure: { kind: 'noFileReader' },
    });
    expect(t.requestAccess).not.toHaveBeenCalled();
  });

  it('an access refusal keeps its code and posts nothing', async () => {
    const error = { status: 403, code: 40307, kind: 'client', serverMessage: null };
    const { t } = transport([pending], { requestAccess: vi.fn(async () => Promise.reject(error)) });
    await expect(runUpload(jpeg, t)).rejects.toMatchObject({
      failure: { kind: 'access', code: 40307, status: 403, error },
    });
    expect(t.postForm).not.toHaveBeenCalled();
  });

  it('a 400 form post is too large; a network failure is update_image_error', async () => {
    const tooLarge = transport([pending], {
      postForm: vi.fn(async () => Promise.reject(new FormPostError(400))),
    });
    await expect(runUpload(jpeg, tooLarge.t)).rejects.toMatchObject({
      failure: { kind: 'tooLarge' },
    });
    const dropped = transport([pending], {
      postForm: vi.fn(async () => Promise.reject(new TypeError('network'))),
    });
    await expect(runUpload(jpeg, dropped.t)).rejects.toMatchObject({
      failure: { kind: 'postStatus', status: 0 },
    });
    expect(tooLarge.t.pollResult).not.toHaveBeenCalled();
  });

  it('a failed poll fails the upload', async () => {
    const { t } = transport([pending], {
      pollResult: vi.fn(async () => Promise.reject(new Error('500'))),
    });
    const promise = runUpload(jpeg, t);
    const outcome = expect(promise).rejects.toMatchObject({ failure: { kind: 'pollFailed' } });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await outcome;
  });
});
