import { describe, expect, it, vi } from 'vitest';
import { createStorage } from '@/lib/storage';
import { RELEASE_NOTICE_KEY, readRecord } from './model/release-notice';
import {
  appPath,
  isQuietScreen,
  NOTICE_DELAY_MS,
  QUIET_RECHECK_MS,
  startReleaseNotice,
} from './release-notice-start';

function memoryStore() {
  return createStorage({ backend: () => null });
}

/** Timers and idle callbacks the test runs by hand, in order. */
function scheduler() {
  const queue: Array<{ kind: 'delay' | 'idle'; ms?: number; run: () => void }> = [];
  return {
    queue,
    delay: (ms: number, run: () => void) => void queue.push({ kind: 'delay', ms, run }),
    idle: (run: () => void) => void queue.push({ kind: 'idle', run }),
    next() {
      const item = queue.shift();
      if (!item) throw new Error('nothing scheduled');
      item.run();
      return item;
    },
  };
}

describe('startReleaseNotice', () => {
  it('a first-ever visit writes its arrival time and loads nothing', async () => {
    const storage = memoryStore();
    const check = vi.fn();
    const s = scheduler();
    await startReleaseNotice({
      ready: Promise.resolve('login'),
      nowS: () => 1234,
      check,
      storage,
      delay: s.delay,
      idle: s.idle,
      pathname: () => '/dashboard/square',
    });
    expect(readRecord(storage)).toEqual({ version: null, since: 1234 });
    expect(s.queue).toEqual([]);
    expect(check).not.toHaveBeenCalled();
  });

  it('a returning visit is checked after the start-up outcome, a pause and an idle moment', async () => {
    const storage = memoryStore();
    storage.set(RELEASE_NOTICE_KEY, { version: '2.0.0', since: 10 });
    const check = vi.fn();
    const s = scheduler();
    let resolveReady!: (v: string) => void;
    const ready = new Promise<string>((r) => (resolveReady = r));
    const started = startReleaseNotice({
      ready,
      nowS: () => 1234,
      check,
      storage,
      delay: s.delay,
      idle: s.idle,
      pathname: () => '/dashboard/novels',
    });
    await Promise.resolve();
    expect(s.queue).toEqual([]);
    resolveReady('success');
    await started;
    expect(s.next()).toMatchObject({ kind: 'delay', ms: NOTICE_DELAY_MS });
    expect(check).not.toHaveBeenCalled();
    expect(s.next()).toMatchObject({ kind: 'idle' });
    expect(check).toHaveBeenCalledWith({ version: '2.0.0', since: 10 });
    // The record is left as it was until the user acknowledges.
    expect(readRecord(storage)).toEqual({ version: '2.0.0', since: 10 });
  });

  it('waits while the user is in the editor, and checks once they leave it', async () => {
    const storage = memoryStore();
    storage.set(RELEASE_NOTICE_KEY, { version: null, since: 10 });
    const check = vi.fn();
    const s = scheduler();
    let path = '/editor';
    await startReleaseNotice({
      ready: Promise.resolve('success'),
      nowS: () => 1234,
      check,
      storage,
      delay: s.delay,
      idle: s.idle,
      pathname: () => path,
    });
    s.next(); // the pause
    s.next(); // idle: in the editor
    expect(check).not.toHaveBeenCalled();
    expect(s.next()).toMatchObject({ kind: 'delay', ms: QUIET_RECHECK_MS });
    s.next(); // idle: still there
    expect(check).not.toHaveBeenCalled();
    path = '/dashboard/novels';
    s.next();
    s.next();
    expect(check).toHaveBeenCalledOnce();
  });

  it('a failed start-up still lets the check run', async () => {
    const storage = memoryStore();
    storage.set(RELEASE_NOTICE_KEY, { version: '1.0.0', since: 10 });
    const check = vi.fn();
    const s = scheduler();
    await startReleaseNotice({
      ready: Promise.reject(new Error('offline')),
      nowS: () => 1,
      check,
      storage,
      delay: s.delay,
      idle: s.idle,
      pathname: () => '/',
    });
    s.next();
    s.next();
    expect(check).toHaveBeenCalledOnce();
  });
});

describe('quiet screens', () => {
  it('are the editor, the exploration chat, /yjin/chat and the download page', () => {
    for (const p of ['/editor', '/exploration', '/yjin/chat', '/m/download'])
      expect(isQuietScreen(p), p).toBe(true);
    for (const p of ['/dashboard/exploration', '/dashboard/novels', '/history', '/editorial'])
      expect(isQuietScreen(p), p).toBe(false);
  });

  it('are recognised under a deploy base path', () => {
    expect(appPath('/demo/editor', '/demo/')).toBe('/editor');
    expect(appPath('/editor', '/')).toBe('/editor');
    expect(appPath('/demo', '/demo/')).toBe('/demo');
  });
});
