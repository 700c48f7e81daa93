import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { readRecord } from './model/release-notice';
import { RELEASE_NOTICE_KEY } from './model/release-key';
import { NOTICE_DELAY_MS, QUIET_SCREENS, startReleaseNotice } from './release-notice-start';

/** Lets the start-up outcome's promise chain run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/dashboard/square');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('startReleaseNotice', () => {
  it('a first-ever visit writes its arrival time and loads nothing, ever', async () => {
    const check = vi.fn();
    startReleaseNotice(Promise.resolve('login'), () => 1234, check);
    await settle();
    expect(readRecord(storage)).toEqual({ version: null, since: 1234 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).not.toHaveBeenCalled();
  });

  it('a returning visit is checked after the start-up outcome and a pause, when idle', async () => {
    storage.set(RELEASE_NOTICE_KEY, { version: '2.0.0', since: 10 });
    const idle = vi.fn((run: () => void) => run());
    vi.stubGlobal('requestIdleCallback', idle);
    const check = vi.fn();
    let resolveReady!: (v: string) => void;
    startReleaseNotice(new Promise<string>((r) => (resolveReady = r)), () => 1234, check);
    await vi.advanceTimersByTimeAsync(NOTICE_DELAY_MS * 2);
    expect(check).not.toHaveBeenCalled();
    resolveReady('success');
    await settle();
    await vi.advanceTimersByTimeAsync(NOTICE_DELAY_MS - 1);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveBeenCalledOnce();
    expect(check).toHaveBeenCalledOnce();
    // The record is left as it was: only the user's acknowledgement changes it.
    expect(readRecord(storage)).toEqual({ version: '2.0.0', since: 10 });
  });

  it('waits while the user is in the editor, and checks once they leave it', async () => {
    storage.set(RELEASE_NOTICE_KEY, { version: null, since: 10 });
    history.replaceState(null, '', '/editor?nid=1&cid=2');
    const check = vi.fn();
    startReleaseNotice(Promise.resolve('success'), () => 1234, check);
    await settle();
    await vi.advanceTimersByTimeAsync(NOTICE_DELAY_MS * 5);
    expect(check).not.toHaveBeenCalled();
    history.replaceState(null, '', '/dashboard/novels');
    await vi.advanceTimersByTimeAsync(NOTICE_DELAY_MS);
    expect(check).toHaveBeenCalledOnce();
  });

  it('a failed start-up still lets the check run', async () => {
    storage.set(RELEASE_NOTICE_KEY, { version: '1.0.0', since: 10 });
    const check = vi.fn();
    startReleaseNotice(Promise.reject(new Error('offline')), () => 1, check);
    await settle();
    await vi.advanceTimersByTimeAsync(NOTICE_DELAY_MS);
    expect(check).toHaveBeenCalledOnce();
  });
});

describe('quiet screens', () => {
  it('are the editor, the exploration chat, /yjin/chat and the download page', () => {
    for (const p of ['/editor', '/exploration', '/yjin/chat', '/m/download'])
      expect(QUIET_SCREENS.test(p), p).toBe(true);
    for (const p of ['/dashboard/exploration', '/dashboard/novels', '/history', '/editorial'])
      expect(QUIET_SCREENS.test(p), p).toBe(false);
  });
});
