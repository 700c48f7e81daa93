import { describe, expect, it } from 'vitest';
import {
  MAX_POLLS,
  initialUploadState,
  isFinished,
  percentOf,
  uploadReducer,
  type UploadEvent,
  type UploadState,
} from './upload-machine';

const access = { status: 0, params: { key: 'k' }, url: '/mock-oss/upload' };

function run(events: UploadEvent[], from: UploadState = initialUploadState): UploadState {
  return events.reduce(uploadReducer, from);
}

const toPolling: UploadEvent[] = [
  { type: 'started' },
  { type: 'accessAnswered', access },
  { type: 'posted', queryId: 'q1' },
];
const pending: UploadEvent = { type: 'polled', answer: { status: 'pending', passed: false } };

describe('upload machine', () => {
  it('goes requesting → posting → polling → done with the url', () => {
    expect(run([{ type: 'started' }])).toEqual({ phase: 'requesting' });
    expect(run([{ type: 'started' }, { type: 'accessAnswered', access }])).toEqual({
      phase: 'posting',
      access,
      percent: 0,
    });
    const done = run([
      ...toPolling,
      pending,
      { type: 'polled', answer: { status: 'done', passed: true, url: '/f/1' } },
    ]);
    expect(done).toEqual({ phase: 'done', url: '/f/1' });
    expect(isFinished(done)).toBe(true);
  });

  it('keeps the stored image id on a passed upload (a report sends it as its file id)', () => {
    const done = run([
      ...toPolling,
      { type: 'polled', answer: { status: 'pending', passed: false, image_id: 'img_7' } },
      { type: 'polled', answer: { status: 'done', passed: true, url: '/f/7' } },
    ]);
    expect(done).toEqual({ phase: 'done', url: '/f/7', imageId: 'img_7' });
  });

  it('counts polls and abandons after 60 pending answers', () => {
    let state = run(toPolling);
    for (let i = 1; i < MAX_POLLS; i++) {
      state = uploadReducer(state, pending);
      expect(state).toEqual({ phase: 'polling', queryId: 'q1', polls: i });
    }
    expect(uploadReducer(state, pending)).toEqual({ phase: 'abandoned', polls: MAX_POLLS });
  });

  it('keeps the image id the pending answers name, so an abandoned upload can be followed up', () => {
    let state: UploadState = { phase: 'polling', queryId: 'q1', polls: 0 };
    state = uploadReducer(state, {
      type: 'polled',
      answer: { status: 'pending', passed: true, image_id: 'img_1' },
    });
    expect(state).toEqual({ phase: 'polling', queryId: 'q1', polls: 1, imageId: 'img_1' });
    for (let i = 1; i < MAX_POLLS; i++) {
      state = uploadReducer(state, { type: 'polled', answer: { status: 'pending', passed: true } });
    }
    expect(state).toEqual({ phase: 'abandoned', polls: MAX_POLLS, imageId: 'img_1' });
  });

  it('a done answer with passed false is the sensitive failure', () => {
    const state = run([
      ...toPolling,
      { type: 'polled', answer: { status: 'done', passed: false } },
    ]);
    expect(state).toEqual({ phase: 'failed', failure: { kind: 'sensitive' } });
  });

  it('checks the access status code before posting', () => {
    const state = run([
      { type: 'started' },
      { type: 'accessAnswered', access: { ...access, status: 3 } },
    ]);
    expect(state).toEqual({ phase: 'failed', failure: { kind: 'accessStatus', status: 3 } });
  });

  it('keeps the refused access call’s code', () => {
    const error = { status: 403, code: 40307 };
    const state = run([
      { type: 'started' },
      { type: 'accessRefused', code: 40307, status: 403, error },
    ]);
    expect(state).toEqual({
      phase: 'failed',
      failure: { kind: 'access', code: 40307, status: 403, error },
    });
  });

  it('a 400 form post is too large; any other status is update_image_error', () => {
    const posting = run([{ type: 'started' }, { type: 'accessAnswered', access }]);
    expect(uploadReducer(posting, { type: 'postRefused', status: 400 })).toEqual({
      phase: 'failed',
      failure: { kind: 'tooLarge' },
    });
    expect(uploadReducer(posting, { type: 'postRefused', status: 403 })).toEqual({
      phase: 'failed',
      failure: { kind: 'postStatus', status: 403 },
    });
  });

  it('tracks whole-number progress and returns the same state when it does not change', () => {
    const posting = run([{ type: 'started' }, { type: 'accessAnswered', access }]);
    const half = uploadReducer(posting, { type: 'progressed', loaded: 50, total: 100 });
    expect(half).toMatchObject({ percent: 50 });
    expect(uploadReducer(half, { type: 'progressed', loaded: 505, total: 1000 })).toBe(half);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(200, 100)).toBe(100);
  });

  it('a poll failure fails the upload', () => {
    expect(run([...toPolling, { type: 'pollFailed' }])).toEqual({
      phase: 'failed',
      failure: { kind: 'pollFailed' },
    });
  });

  it('a rejected file fails before anything is requested; stray events change nothing', () => {
    expect(run([{ type: 'fileRejected', failure: { kind: 'notImage' } }])).toEqual({
      phase: 'failed',
      failure: { kind: 'notImage' },
    });
    expect(run([pending])).toBe(initialUploadState);
    const done = run([...toPolling, { type: 'polled', answer: { status: 'done', passed: true } }]);
    expect(uploadReducer(done, pending)).toBe(done);
    expect(done).toEqual({ phase: 'done', url: null });
  });
});
