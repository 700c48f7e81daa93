import { describe, expect, it } from 'vitest';
import { createStorage } from '@/lib/storage';
import {
  acknowledgeRelease,
  acknowledgedRecord,
  compareVersions,
  firstVisitRecord,
  newestFirst,
  noticeStart,
  parseRecord,
  readRecord,
  RELEASE_NOTICE_KEY,
  unseenReleases,
} from './release-notice';

const r = (version: string, released_at: number) => ({ version, released_at });
const RELEASES = [r('2.1.0', 300), r('3.0.0', 400), r('2.0.0', 200), r('1.0.0', 100)];

/** A storage of its own over an in-memory Web Storage. */
function memoryStorage() {
  const data = new Map<string, string>();
  const backend: Storage = {
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
  };
  return { store: createStorage({ backend: () => backend }), data };
}

describe('compareVersions', () => {
  it('compares numeric parts as numbers', () => {
    expect(compareVersions('3.10.0', '3.9.2')).toBe(1);
    expect(compareVersions('3.9.2', '3.10.0')).toBe(-1);
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
  });

  it('counts a missing part as 0 and ignores a leading v', () => {
    expect(compareVersions('3.0', '3.0.0')).toBe(0);
    expect(compareVersions('v3.1', '3.0.9')).toBe(1);
  });

  it('puts a pre-release before its release', () => {
    expect(compareVersions('3.0.0-beta', '3.0.0')).toBe(-1);
    expect(compareVersions('3.0.0', '3.0.0-rc.1')).toBe(1);
    expect(compareVersions('3.0.0-alpha', '3.0.0-beta')).toBe(-1);
  });

  it('is antisymmetric over a mixed set', () => {
    const vs = ['1.0.0', '1.0', '1.2.0', '1.10.0', '2.0.0-rc', '2.0.0', 'v2.0.1', '10.0.0'];
    for (const a of vs)
      for (const b of vs)
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)) || 0);
  });
});

describe('newestFirst', () => {
  it('orders by version, whatever order the API used', () => {
    expect(newestFirst(RELEASES).map((x) => x.version)).toEqual([
      '3.0.0',
      '2.1.0',
      '2.0.0',
      '1.0.0',
    ]);
  });
});

describe('parseRecord', () => {
  it('reads a record and refuses anything else', () => {
    expect(parseRecord({ version: '3.0.0', since: 5 })).toEqual({ version: '3.0.0', since: 5 });
    expect(parseRecord({ version: null, since: 5 })).toEqual({ version: null, since: 5 });
    expect(parseRecord(null)).toBeNull();
    expect(parseRecord('3.0.0')).toBeNull();
    expect(parseRecord({ version: 3, since: 5 })).toBeNull();
    expect(parseRecord({ version: '3.0.0' })).toBeNull();
    expect(parseRecord({ version: '3.0.0', since: Number.NaN })).toBeNull();
  });
});

describe('noticeStart: who is greeted', () => {
  it('a first-ever visit records its arrival and is not checked', () => {
    expect(noticeStart(null, 1000)).toEqual({
      kind: 'firstVisit',
      record: { version: null, since: 1000 },
    });
  });

  it('a stored value that is not a record counts as a first visit', () => {
    expect(noticeStart('garbage', 1000).kind).toBe('firstVisit');
  });

  it('a returning visit is checked against its record', () => {
    expect(noticeStart({ version: '2.0.0', since: 10 }, 1000)).toEqual({
      kind: 'check',
      record: { version: '2.0.0', since: 10 },
    });
  });
});

describe('unseenReleases: once per new version', () => {
  it('after a first visit, only releases published since then are news', () => {
    expect(unseenReleases(RELEASES, firstVisitRecord(450))).toEqual([]);
    expect(unseenReleases(RELEASES, firstVisitRecord(250)).map((x) => x.version)).toEqual([
      '3.0.0',
      '2.1.0',
    ]);
  });

  it('after an acknowledgement, the versions above it, newest first', () => {
    expect(unseenReleases(RELEASES, { version: '2.0.0', since: 0 }).map((x) => x.version)).toEqual([
      '3.0.0',
      '2.1.0',
    ]);
  });

  it('nothing once the newest is acknowledged, whatever the dates say', () => {
    expect(unseenReleases(RELEASES, { version: '3.0.0', since: 0 })).toEqual([]);
    expect(unseenReleases(RELEASES, { version: '3.0.0', since: 999 })).toEqual([]);
  });

  it('a newer acknowledged version than any release (a rollback) shows nothing', () => {
    expect(unseenReleases(RELEASES, { version: '4.0.0', since: 0 })).toEqual([]);
  });

  it('shows a new version again after the previous was acknowledged', () => {
    const record = acknowledgedRecord(firstVisitRecord(50), '3.0.0', 500);
    expect(unseenReleases(RELEASES, record)).toEqual([]);
    expect(unseenReleases([...RELEASES, r('3.1.0', 600)], record).map((x) => x.version)).toEqual([
      '3.1.0',
    ]);
  });
});

describe('acknowledgeRelease', () => {
  it('writes pro_release_seen with the version and keeps the arrival time', () => {
    const { store, data } = memoryStorage();
    store.set(RELEASE_NOTICE_KEY, firstVisitRecord(50));
    acknowledgeRelease(store, '3.0.0', 500);
    expect(readRecord(store)).toEqual({ version: '3.0.0', since: 50 });
    expect(JSON.parse(data.get('pro_release_seen')!)).toEqual({
      value: { version: '3.0.0', since: 50 },
      expire: null,
    });
  });

  it('writes a record when there was none', () => {
    const { store } = memoryStorage();
    acknowledgeRelease(store, '3.0.0', 500);
    expect(readRecord(store)).toEqual({ version: '3.0.0', since: 500 });
  });

  it('never moves back to an older version (another tab acknowledged a newer one)', () => {
    const { store } = memoryStorage();
    acknowledgeRelease(store, '3.1.0', 500);
    acknowledgeRelease(store, '3.0.0', 600);
    expect(readRecord(store)).toEqual({ version: '3.1.0', since: 500 });
  });
});
