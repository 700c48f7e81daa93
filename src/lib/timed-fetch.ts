import { clock } from './clock';
/** Why a request got no answer: the client's own timeout, or the network. */
export class NoAnswer extends Error {
  constructor(readonly kind: 'timeout' | 'network') {
    super(
      kind === 'timeout' ? 'no answer within the client timeout' : 'no answer from the network',
    );
    this.name = 'NoAnswer';
  }
}

/**
 * `fetch` whose wait for the answer is limited to `timeoutMs` (a body that has started may
 * take longer: the stream reads it after this returns). A failure throws `NoAnswer` saying
 * which, except when the caller's own `signal` aborted it: then the abort error is rethrown
 * as fetch gave it, so the caller can tell a cancel from a failure.
 */
export async function timedFetch(
  url: string | Request,
  init: Omit<RequestInit, 'signal'>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  if (signal?.aborted) controller.abort();
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (signal?.aborted && !timedOut) throw error;
    throw new NoAnswer(timedOut ? 'timeout' : 'network');
  } finally {
    clock.clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
