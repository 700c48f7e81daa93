import { describe, expect, it } from 'vitest';
import type { ApiError } from './api-error';
import { registerErrorMessages, resolveErrorMessage } from './error-messages';

const err = (over: Partial<ApiError>): ApiError => ({
  status: 400,
  code: null,
  serverMessage: null,
  kind: 'client',
  ...over,
});

describe('resolveErrorMessage', () => {
  it('shows the connectivity message for no response, status 0 and 500 (spec 1 §8)', () => {
    expect(resolveErrorMessage('x', err({ status: 0, kind: 'network' })).key).toBe(
      'errors:network',
    );
    expect(resolveErrorMessage('x', err({ status: 500, kind: 'server', code: 42203 })).key).toBe(
      'errors:network',
    );
    expect(resolveErrorMessage('x', err({ status: 0, kind: 'timeout' })).key).toBe(
      'errors:timeout',
    );
  });

  it('resolves one code differently per endpoint', () => {
    registerErrorMessages('getWorld', { 40403: 'errors:test.worldMissing' });
    registerErrorMessages('getStory', { 40403: 'errors:test.boundWorldMissing' });
    expect(resolveErrorMessage('getWorld', err({ status: 404, code: 40403 })).key).toBe(
      'errors:test.worldMissing',
    );
    expect(resolveErrorMessage('getStory', err({ status: 404, code: 40403 })).key).toBe(
      'errors:test.boundWorldMissing',
    );
  });

  it('falls back to the shared meaning, then the server text, then a generic message', () => {
    expect(resolveErrorMessage('any', err({ status: 422, code: 42203 })).key).toBe(
      'errors:code.42203',
    );
    expect(
      resolveErrorMessage('any', err({ status: 422, code: 49999, serverMessage: 'nope' })),
    ).toEqual({ key: null, text: 'nope' });
    expect(resolveErrorMessage('any', err({ status: 418, code: 49999 })).key).toBe(
      'errors:generic',
    );
    expect(resolveErrorMessage('any', err({ status: 503, kind: 'server' })).key).toBe(
      'errors:server',
    );
  });
});
