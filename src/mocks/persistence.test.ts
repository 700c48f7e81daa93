import { describe, expect, it } from 'vitest';
import { db } from './db';
import { clearSavedDatabase, DB_STORAGE_KEY, loadDatabase, saveDatabase } from './persistence';

describe('mock database persistence', () => {
  it('restores what was saved, so a reviewer keeps their changes across reloads', async () => {
    await db.users.update((q) => q.where({ uid: 'u_author' }), {
      data: (u) => void (u.nickname = '改过的名字'),
    });
    saveDatabase(localStorage);
    await db.users.update((q) => q.where({ uid: 'u_author' }), {
      data: (u) => void (u.nickname = '未保存'),
    });
    expect(await loadDatabase(localStorage)).toBe('restored');
    expect(db.users.findFirst((q) => q.where({ uid: 'u_author' }))?.nickname).toBe('改过的名字');
  });

  it('starts from the seed when nothing is saved, when the save is unreadable, and after a reset', async () => {
    clearSavedDatabase(localStorage);
    expect(await loadDatabase(localStorage)).toBe('seeded');
    expect(db.users.findFirst((q) => q.where({ uid: 'u_author' }))?.nickname).toBe('墨染青衣');
    localStorage.setItem(DB_STORAGE_KEY, '{not json');
    expect(await loadDatabase(localStorage)).toBe('seeded');
    localStorage.setItem(DB_STORAGE_KEY, JSON.stringify({ version: 0, data: {} }));
    expect(await loadDatabase(localStorage)).toBe('seeded');
  });
});
