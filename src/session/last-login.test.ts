import { describe, expect, it } from 'vitest';
import { testStore } from '@/testing/test-store';
import { readLastLogin } from './last-login';
import { credentialsReceived } from '@/core/session-slice';

const login = (uid: string, method?: string) =>
  credentialsReceived({ uid, access_token: 'a', refresh_token: 'r', method });

describe('pro_last_login', () => {
  it('is written from the login itself: who, how and when, with no lifecycle running', () => {
    const store = testStore();
    const before = Date.now();
    store.dispatch(login('u1', 'phone'));
    const saved = readLastLogin();
    expect(saved).toMatchObject({ uid: 'u1', method: 'phone' });
    expect(saved!.at).toBeGreaterThanOrEqual(before);
  });

  it('a login that does not say how keeps the method for the same user only', () => {
    const store = testStore();
    store.dispatch(login('u1', 'qq'));
    store.dispatch(login('u1'));
    expect(readLastLogin()).toMatchObject({ uid: 'u1', method: 'qq' });
    store.dispatch(login('u2'));
    expect(readLastLogin()).toMatchObject({ uid: 'u2', method: null });
  });

  it('has exactly one writer in the app', () => {
    const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const writers = Object.entries(sources)
      .filter(
        ([path]) => !/\.(test|stories)\.tsx?$/.test(path) && !path.startsWith('/src/testing/'),
      )
      .filter(([, text]) => /storage\.(set|remove)[^;]*STORAGE_KEYS\.lastLogin/.test(text))
      .map(([path]) => path);
    expect(writers).toEqual(['/src/session/last-login.ts']);
  });
});
