import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOULD_AUTOBATCH } from '@reduxjs/toolkit';
import { setupStore } from './store';

describe('setupStore', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells the components of RTK Query's batched actions in a task of its own, not in an animation frame", async () => {
    const frames = vi.fn(() => 0);
    vi.stubGlobal('requestAnimationFrame', frames);
    const store = setupStore();
    const heard = vi.fn();
    store.subscribe(heard);

    // RTK Query marks its request and answer actions so; any action type shows the batching.
    store.dispatch({ type: 'test/batched', meta: { [SHOULD_AUTOBATCH]: true } });
    store.dispatch({ type: 'test/batched', meta: { [SHOULD_AUTOBATCH]: true } });
    // (The store's middleware may dispatch unbatched actions of its own, heard at once.)
    const heardAtOnce = heard.mock.calls.length;
    // The next time the store tells its subscribers: the batch (the frame stub never runs one).
    const batchHeard = new Promise<void>((resolve) => {
      const stop = store.subscribe(() => {
        stop();
        resolve();
      });
    });

    // Both batched actions are heard once, in a later task: no animation frame is asked for.
    await vi.waitFor(() => batchHeard, { timeout: 10_000 });
    expect(heard).toHaveBeenCalledTimes(heardAtOnce + 1);
    expect(frames).not.toHaveBeenCalled();
  });
});
