import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormEvent } from 'react';
import { useOnceFormSubmit, useOnceSubmit } from './use-once-submit';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useOnceSubmit', () => {
  it('refuses a second run while the first is in flight, in the same frame too', async () => {
    const gate = deferred();
    let calls = 0;
    const { result } = renderHook(() =>
      useOnceSubmit(() => {
        calls += 1;
        return gate.promise;
      }),
    );
    let first!: Promise<void>;
    act(() => {
      // Two clicks before React re-renders: the second sees the guard, not the state.
      first = result.current.run();
      void result.current.run();
    });
    expect(calls).toBe(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      gate.resolve();
      await first;
    });
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run());
    expect(calls).toBe(2);
  });

  it('a failed run frees the guard and lets the error through to the caller', async () => {
    const { result } = renderHook(() => useOnceSubmit(() => Promise.reject(new Error('refused'))));
    await act(async () => {
      await expect(result.current.run()).rejects.toThrow('refused');
    });
    expect(result.current.busy).toBe(false);
  });
});

describe('useOnceFormSubmit', () => {
  it('keeps the page from navigating on every submit, the refused one too, and runs once', async () => {
    const gate = deferred();
    let calls = 0;
    const { result } = renderHook(() =>
      useOnceFormSubmit(() => {
        calls += 1;
        return gate.promise;
      }),
    );
    const prevented: boolean[] = [];
    const submit = () => {
      const event = { preventDefault: () => prevented.push(true) } as unknown as FormEvent;
      result.current.onSubmit(event);
    };
    act(() => {
      submit();
      submit();
    });
    expect(prevented).toEqual([true, true]);
    expect(calls).toBe(1);
    expect(result.current.busy).toBe(true);
    await act(async () => gate.resolve());
    expect(result.current.busy).toBe(false);
  });
});
