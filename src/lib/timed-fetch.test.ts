import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoAnswer, timedFetch } from './timed-fetch';

/** A fetch that never answers, but rejects as the platform's does when its signal aborts. */
function hangingFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('timedFetch', () => {
  it('gives up after the timeout and says so', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const result = timedFetch('/x', {}, 5000).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(NoAnswer);
    expect((error as NoAnswer).kind).toBe('timeout');
  });

  it('a network failure is a network NoAnswer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await timedFetch('/x', {}, 5000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoAnswer);
    expect((error as NoAnswer).kind).toBe('network');
  });

  it("the caller's abort comes back as the abort, not as a failure", async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const caller = new AbortController();
    const result = timedFetch('/x', {}, 5000, caller.signal).catch((e: unknown) => e);
    caller.abort();
    const error = await result;
    expect(error).not.toBeInstanceOf(NoAnswer);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('answers what fetch answered, with the headers and body it was given', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response('ok')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const res = await timedFetch('/x', { method: 'POST', body: 'b' }, 5000);
    expect(await res.text()).toBe('ok');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: 'b' });
  });
});
