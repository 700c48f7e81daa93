// @vitest-environment jsdom
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { createStorage, storage, STORAGE_KEYS, STORAGE_PREFIX } from './storage';

/** A Web Storage double whose methods can be made to throw. */
function fakeStorage() {
  const data = new Map<string, string>();
  const failures = { set: false, get: false, remove: false, key: false };
  const s: Storage = {
    get length() {
      if (failures.key) throw new Error('SecurityError');
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => {
      if (failures.get) throw new Error('SecurityError');
      return data.get(k) ?? null;
    },
    setItem: (k, v) => {
      if (failures.set) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, String(v));
    },
    removeItem: (k) => {
      if (failures.remove) throw new Error('SecurityError');
      data.delete(k);
    },
    clear: () => data.clear(),
  };
  return { storage: s, data, failures };
}

beforeEach(() => {
  localStorage.clear();
});

describe('STORAGE_KEYS', () => {
  it('exposes the named keys and the pro_ prefix', () => {
    expect(STORAGE_PREFIX).toBe('pro_');
    expect(STORAGE_KEYS).toEqual({
      lastLogin: 'last_login',
      theme: 'theme',
      retentionPopup: 'retention_popup',
      chargeTip: 'charge_tip',
      lang: 'lang',
      scenario: 'scenario',
      session: 'session',
    });
  });
});

describe('storage (default instance over localStorage)', () => {
  it('stores under the pro_ prefix as a value envelope', () => {
    storage.set(STORAGE_KEYS.theme, 'dark');
    expect(localStorage.getItem('pro_theme')).toBe(JSON.stringify({ value: 'dark', expire: null }));
    expect(localStorage.getItem('theme')).toBeNull();
    expect(storage.get<string>(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('round-trips objects, arrays, numbers, booleans and null', () => {
    storage.set('obj', { a: 1, b: ['x'] });
    storage.set('num', 0);
    storage.set('bool', false);
    storage.set('nil', null);
    expect(storage.get('obj')).toEqual({ a: 1, b: ['x'] });
    expect(storage.get('num')).toBe(0);
    expect(storage.get('bool')).toBe(false);
    expect(storage.get('nil')).toBeNull();
  });

  it('returns null for a missing key', () => {
    expect(storage.get('nope')).toBeNull();
  });

  it('returns null for corrupt JSON or a value without the envelope', () => {
    localStorage.setItem('pro_bad', '{not json');
    localStorage.setItem('pro_bare', '"dark"');
    localStorage.setItem('pro_arr', '[1,2]');
    localStorage.setItem('pro_nullish', 'null');
    expect(storage.get('bad')).toBeNull();
    expect(storage.get('bare')).toBeNull();
    expect(storage.get('arr')).toBeNull();
    expect(storage.get('nullish')).toBeNull();
  });

  it('removes a key', () => {
    storage.set('a', 1);
    storage.remove('a');
    expect(storage.get('a')).toBeNull();
    expect(localStorage.getItem('pro_a')).toBeNull();
  });

  it('treats set(key, undefined) as remove', () => {
    storage.set('a', 1);
    storage.set('a', undefined);
    expect(localStorage.getItem('pro_a')).toBeNull();
  });

  it('lists and clears only its own keys', () => {
    localStorage.setItem('other', 'x');
    localStorage.setItem('prox', 'y');
    storage.set('a', 1);
    storage.set('b', 2);
    expect(storage.keys().sort()).toEqual(['a', 'b']);
    storage.clear();
    expect(storage.keys()).toEqual([]);
    expect(localStorage.getItem('other')).toBe('x');
    expect(localStorage.getItem('prox')).toBe('y');
  });
});

describe('expiry', () => {
  it('returns the value before expiry and removes it once expired', () => {
    let t = 1_000_000;
    const s = createStorage({ now: () => t });
    s.set('k', 'v', { ttlMs: 5000 });
    expect(JSON.parse(localStorage.getItem('pro_k') ?? '')).toEqual({
      value: 'v',
      expire: 1_005_000,
    });
    t += 4999;
    expect(s.get('k')).toBe('v');
    t += 1; // expire <= now → expired
    expect(s.get('k')).toBeNull();
    expect(localStorage.getItem('pro_k')).toBeNull();
  });

  it('never expires without ttlMs or with a non-finite ttl', () => {
    let t = 0;
    const s = createStorage({ now: () => t });
    s.set('a', 1);
    s.set('b', 2, { ttlMs: Number.POSITIVE_INFINITY });
    s.set('c', 3, {});
    t = 1e15;
    expect([s.get('a'), s.get('b'), s.get('c')]).toEqual([1, 2, 3]);
  });

  it('treats a zero or negative ttl as already expired', () => {
    const s = createStorage({ now: () => 0 });
    s.set('a', 1);
    s.set('a', 2, { ttlMs: 0 });
    expect(s.get('a')).toBeNull();
    s.set('b', 1, { ttlMs: -10 });
    expect(s.get('b')).toBeNull();
  });

  it('uses Date.now by default, so fake timers work', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
      const s = createStorage();
      s.set('k', 'v', { ttlMs: 60_000 });
      vi.advanceTimersByTime(59_999);
      expect(s.get('k')).toBe('v');
      vi.advanceTimersByTime(1);
      expect(s.get('k')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('re-setting a key without ttl clears an earlier expiry', () => {
    let t = 0;
    const s = createStorage({ now: () => t });
    s.set('k', 1, { ttlMs: 10 });
    s.set('k', 2);
    t = 100;
    expect(s.get('k')).toBe(2);
  });
});

describe('fallbacks', () => {
  it('works in memory when there is no localStorage', () => {
    const s = createStorage({ backend: () => null });
    s.set('a', { x: 1 });
    expect(s.get('a')).toEqual({ x: 1 });
    expect(localStorage.getItem('pro_a')).toBeNull();
    expect(s.keys()).toEqual(['a']);
    s.remove('a');
    expect(s.get('a')).toBeNull();
  });

  it('works in memory when reaching localStorage throws', () => {
    const s = createStorage({
      backend: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => s.set('a', 1)).not.toThrow();
    expect(s.get('a')).toBe(1);
    expect(s.keys()).toEqual(['a']);
    expect(() => s.clear()).not.toThrow();
    expect(s.get('a')).toBeNull();
  });

  it('keeps a value in memory when setItem throws (quota / private mode)', () => {
    const fake = fakeStorage();
    const s = createStorage({ backend: () => fake.storage });
    s.set('a', 'old');
    fake.failures.set = true;
    expect(() => s.set('a', 'new')).not.toThrow();
    expect(s.get('a')).toBe('new');
    // the stale stored copy is dropped so it can't come back on reload
    expect(fake.data.has('pro_a')).toBe(false);
    expect(s.keys()).toEqual(['a']);
  });

  it('prefers localStorage again once writes succeed', () => {
    const fake = fakeStorage();
    const s = createStorage({ backend: () => fake.storage });
    fake.failures.set = true;
    s.set('a', 1);
    fake.failures.set = false;
    s.set('a', 2);
    expect(fake.data.get('pro_a')).toBe(JSON.stringify({ value: 2, expire: null }));
    expect(s.get('a')).toBe(2);
  });

  it('does not throw when getItem, removeItem or key enumeration throw', () => {
    const fake = fakeStorage();
    const s = createStorage({ backend: () => fake.storage });
    fake.data.set('pro_a', JSON.stringify({ value: 1, expire: null }));
    fake.failures.get = true;
    fake.failures.remove = true;
    fake.failures.key = true;
    expect(s.get('a')).toBeNull();
    expect(() => s.remove('a')).not.toThrow();
    expect(() => s.keys()).not.toThrow();
    expect(() => s.clear()).not.toThrow();
  });

  it('ignores values that cannot be serialised', () => {
    const s = createStorage({ backend: () => null });
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(() => s.set('c', cyclic)).not.toThrow();
    expect(s.get('c')).toBeNull();
  });

  it('supports a custom prefix', () => {
    const s = createStorage({ prefix: 'test_' });
    s.set('a', 1);
    expect(localStorage.getItem('test_a')).not.toBeNull();
    expect(storage.keys()).toEqual([]);
    expect(s.keys()).toEqual(['a']);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
