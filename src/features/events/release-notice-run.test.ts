import { describe, expect, it } from 'vitest';
import { testStore } from '@/testing/test-store';
import { createDialogStore, type DialogStore } from '@/components/ui/dialog/dialog-store';
import type { DialogMap } from '@/components/ui/dialog/dialog-registry';
import { createStorage } from '@/lib/storage';
import { HttpResponse } from 'msw';
import { http } from '@mocks/http';
import { server } from '@mocks/server';
import { LATEST_RELEASE_VERSION } from '@mocks/handlers/events';
import { readRecord, RELEASE_NOTICE_KEY, type ReleaseNoticeRecord } from './model/release-notice';
import { runReleaseNotice, whenNoDialog } from './release-notice-run';

/** Waits run at once (the calm period is a plain delay). */
const noWait = () => Promise.resolve();

function setup(record: ReleaseNoticeRecord, path = '/dashboard/square') {
  const store = testStore();
  const dialogs = createDialogStore<DialogMap>();
  const storage = createStorage({ backend: () => null });
  storage.set(RELEASE_NOTICE_KEY, record);
  const run = () =>
    runReleaseNotice(store.dispatch, {
      dialogs,
      storage,
      pathname: () => path,
      nowS: () => 2_000_000_000,
      wait: noWait,
    });
  return { store, dialogs, storage, run };
}

/**
 * Resolves once the check starts waiting for the open dialogs to close (it listens to them)
 * for the `nth` time: the run does so once the releases are in.
 */
function waitingOnDialogs(dialogs: DialogStore<DialogMap>, nth = 1): Promise<void> {
  const subscribe = dialogs.subscribe;
  let count = 0;
  return new Promise((resolve) => {
    dialogs.subscribe = (listener) => {
      if (++count === nth) resolve();
      return subscribe(listener);
    };
  });
}

describe('runReleaseNotice', () => {
  it('opens the update dialog with the releases above the acknowledged version', async () => {
    const { dialogs, run } = setup({ version: '2.0.0', since: 0 });
    expect(await run()).toBe('shown');
    const [open] = dialogs.getSnapshot();
    expect(open?.name).toBe('update');
    const releases = (open?.props as DialogMap['update']).releases;
    expect(releases.map((r) => r.version)).toEqual([LATEST_RELEASE_VERSION, '2.1.0']);
    expect(releases[0]?.notes.length).toBeGreaterThan(0);
  });

  it('opens nothing when the newest version was acknowledged', async () => {
    const { dialogs, run } = setup({ version: LATEST_RELEASE_VERSION, since: 0 });
    expect(await run()).toBe('none');
    expect(dialogs.getSnapshot()).toEqual([]);
  });

  it('opens nothing for a visitor who first came after the newest release', async () => {
    const { dialogs, run } = setup({ version: null, since: 2_000_000_000 });
    expect(await run()).toBe('none');
    expect(dialogs.getSnapshot()).toEqual([]);
  });

  it('shows a visitor who came before it the releases since their first visit', async () => {
    const { dialogs, run } = setup({ version: null, since: 0 });
    expect(await run()).toBe('shown');
    expect(dialogs.getSnapshot()[0]?.name).toBe('update');
  });

  it('waits until the login (or any other dialog) has closed', async () => {
    const { dialogs, run } = setup({ version: '2.0.0', since: 0 });
    const login = dialogs.open('login');
    const waiting = waitingOnDialogs(dialogs);
    const result = run();
    await waiting;
    expect(dialogs.getSnapshot().map((d) => d.name)).toEqual(['login']);
    dialogs.close(login);
    expect(await result).toBe('shown');
    expect(dialogs.getSnapshot().map((d) => d.name)).toEqual(['update']);
  });

  it('does not open when another tab acknowledged meanwhile', async () => {
    const { dialogs, storage, run } = setup({ version: '2.0.0', since: 0 });
    const ban = dialogs.open('ban', { endS: null });
    const waiting = waitingOnDialogs(dialogs);
    const result = run();
    await waiting;
    storage.set(RELEASE_NOTICE_KEY, { version: LATEST_RELEASE_VERSION, since: 0 });
    dialogs.close(ban);
    expect(await result).toBe('none');
    expect(dialogs.getSnapshot()).toEqual([]);
  });

  it('on /history, acknowledges without a dialog: the page lists what is new', async () => {
    const { dialogs, storage, run } = setup({ version: '2.0.0', since: 5 }, '/history');
    expect(await run()).toBe('acknowledgedOnHistory');
    expect(dialogs.getSnapshot()).toEqual([]);
    expect(readRecord(storage)).toEqual({ version: LATEST_RELEASE_VERSION, since: 5 });
  });

  it('a failed fetch is silent: no dialog, no toast (not even offline), the record unchanged', async () => {
    server.use(http.get('/api/v1/releases', () => HttpResponse.error()));
    const { store, dialogs, storage, run } = setup({ version: '2.0.0', since: 0 });
    expect(await run()).toBe('failed');
    expect(dialogs.getSnapshot()).toEqual([]);
    expect(store.getState().toast.current).toBeNull();
    expect(readRecord(storage)).toEqual({ version: '2.0.0', since: 0 });
  });
});

describe('runReleaseNotice: what is stored', () => {
  it('a value that is not a record counts as a first visit: written, nothing fetched', async () => {
    const store = testStore();
    const storage = createStorage({ backend: () => null });
    storage.set(RELEASE_NOTICE_KEY, '3.0.0');
    server.use(
      http.get('/api/v1/releases', () => {
        throw new Error('the releases must not be fetched');
      }),
    );
    const outcome = await runReleaseNotice(store.dispatch, { storage, nowS: () => 77 });
    expect(outcome).toBe('firstVisit');
    expect(readRecord(storage)).toEqual({ version: null, since: 77 });
  });
});

describe('whenNoDialog', () => {
  it('resolves only after the dialogs stayed closed through the calm period', async () => {
    const dialogs = createDialogStore<DialogMap>();
    const first = dialogs.open('bindPhone');
    const waits: number[] = [];
    let second = 0;
    const wait = async (ms: number) => {
      waits.push(ms);
      // A second dialog opens during the first calm period (a ban after a login, say).
      if (waits.length === 1) second = dialogs.open('ban', { endS: null });
    };
    // The second wait for the dialogs to close: the first calm period is over.
    const waitingOnSecond = waitingOnDialogs(dialogs, 2);
    const done = whenNoDialog(dialogs, wait, 100);
    dialogs.close(first);
    await waitingOnSecond;
    expect(waits).toEqual([100]);
    dialogs.close(second);
    await done;
    expect(waits).toEqual([100, 100]);
  });
});
