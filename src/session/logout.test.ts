import { describe, expect, it } from 'vitest';
import { testStore } from '@/testing/test-store';
import { CHAT_RETURN_COOKIE } from '@/config/paths';
import { getCookie, setCookie } from '@/lib/cookie';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { db } from '@mocks/db';
import { signedIn } from '@mocks/scenarios/session';
import { CHECKIN_SESSION_KEY, logOut } from './logout';

describe('logOut', () => {
  it('revokes the session on the server, clears the account flags, keeps theme and language', async () => {
    const s = await signedIn();
    const store = testStore({
      session: {
        uid: s.uid,
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        endedBy: null,
      },
    });
    storage.set(STORAGE_KEYS.retentionPopup, { stage: 2 });
    storage.set(STORAGE_KEYS.chargeTip, true);
    storage.set(STORAGE_KEYS.theme, 'dark');
    storage.set(STORAGE_KEYS.lang, 'en');
    sessionStorage.setItem(CHECKIN_SESSION_KEY, '1');
    setCookie(CHAT_RETURN_COOKIE, '/yjin/chat', 300);

    await logOut(store.dispatch);

    expect(db.sessions.findFirst((q) => q.where({ access_token: s.accessToken }))?.revoked).toBe(
      true,
    );
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'logout' });
    expect(storage.get(STORAGE_KEYS.retentionPopup)).toBeNull();
    expect(storage.get(STORAGE_KEYS.chargeTip)).toBeNull();
    expect(sessionStorage.getItem(CHECKIN_SESSION_KEY)).toBeNull();
    expect(getCookie(CHAT_RETURN_COOKIE)).toBeNull();
    expect(storage.get(STORAGE_KEYS.theme)).toBe('dark');
    expect(storage.get(STORAGE_KEYS.lang)).toBe('en');
  });

  it('still ends the local session when the server refuses (token already expired)', async () => {
    const store = testStore({
      session: { uid: 'u_x', accessToken: 'not-a-token', refreshToken: null, endedBy: null },
    });
    await logOut(store.dispatch);
    expect(store.getState().session).toMatchObject({ uid: null, endedBy: 'logout' });
  });
});
