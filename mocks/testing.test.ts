// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { db, restore, restoreCount, snapshot } from './db';
import { AUTHOR_UID } from './seed-ids';
import { resetMockBackend } from './testing';

/**
 * resetMockBackend() skips restoring the seed when nothing was written since its own last
 * restore: every kind of write must still be undone by the next reset.
 */
describe('resetMockBackend', () => {
  it('restores nothing when nothing was written, and the seed is all there', async () => {
    await resetMockBackend();
    const seed = snapshot();
    const count = restoreCount();
    await resetMockBackend();
    expect(restoreCount()).toBe(count);
    expect(snapshot()).toEqual(seed);
  });

  it('undoes an update, a create and a delete made after it', async () => {
    await resetMockBackend();
    const seed = snapshot();
    const author = () => db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!;
    const nickname = author().nickname;

    await db.users.update((q) => q.where({ uid: AUTHOR_UID }), {
      data: (u) => {
        u.nickname = 'changed after the reset';
      },
    });
    expect(author().nickname).toBe('changed after the reset');
    await resetMockBackend();
    expect(author().nickname).toBe(nickname);

    const follow = seed.follows[0]!;
    db.follows.delete((q) => q.where({ follower: follow.follower, followee: follow.followee }));
    expect(db.follows.all()).toHaveLength(seed.follows.length - 1);
    await resetMockBackend();
    expect(db.follows.all()).toHaveLength(seed.follows.length);

    await db.follows.create({ ...follow, followee: 'someone-new' });
    await resetMockBackend();
    expect(snapshot()).toEqual(seed);
  });

  it('undoes a restore of other data by someone else', async () => {
    await resetMockBackend();
    const seed = snapshot();
    await restore({ users: seed.users.slice(0, 1) });
    await resetMockBackend();
    expect(snapshot()).toEqual(seed);
  });
});
