import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '@mocks/db';
import { fanCount, squareShares, sharesWhere } from '@mocks/handlers/share-cards';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { renderApp, signedInState } from '@/testing/render';

/** The author with the most square stories (and at least one world), from the seed. */
function busyAuthor() {
  const counts = new Map<string, number>();
  for (const row of squareShares('story')) {
    if (row.record.uid === AUTHOR_UID) continue;
    counts.set(row.record.uid, (counts.get(row.record.uid) ?? 0) + 1);
  }
  const withWorlds = new Set(squareShares('universe').map((r) => r.record.uid));
  const [uid] = [...counts].filter(([u]) => withWorlds.has(u)).sort((a, b) => b[1] - a[1])[0]!;
  const user = db.users.findFirst((q) => q.where({ uid }))!;
  return { uid, name: user.nickname };
}

const followingCount = (uid: string) =>
  db.follows.findMany((q) => q.where({ follower: uid })).length;

describe('/user/{uid}', () => {
  it("shows another user's header, follow button, report, and their shared stories and worlds", async () => {
    const { uid, name } = busyAuthor();
    const { user } = renderApp(`/user/${uid}`);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: new RegExp(`^${fanCount(uid)} 粉丝$`) }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: new RegExp(`^${followingCount(uid)} 关注$`) }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `关注：${name}` })).toBeInTheDocument();

    const stories = await screen.findByRole('list', { name: `${name} 分享的故事` });
    const storyCount = squareShares('story').filter((r) => r.record.uid === uid).length;
    await waitFor(() =>
      expect(within(stories).getAllByRole('article')).toHaveLength(Math.min(storyCount, 20)),
    );

    await user.click(screen.getByRole('tab', { name: '世界' }));
    const worlds = await screen.findByRole('list', { name: `${name} 分享的世界` });
    const worldCount = squareShares('universe').filter((r) => r.record.uid === uid).length;
    await waitFor(() =>
      expect(within(worlds).getAllByRole('article')).toHaveLength(Math.min(worldCount, 20)),
    );

    // Every dialog opened from here on, in order (the store shows only the current ones).
    const opened: { name: string; props: unknown }[] = [];
    const stop = dialogStore.subscribe(() => {
      for (const d of dialogStore.getSnapshot())
        if (!opened.some((o) => o === d)) opened.push(d as { name: string; props: unknown });
    });
    await user.click(screen.getByRole('button', { name: '举报' }));
    // The report about this user is asked for; a visitor is then asked to log in first
    // (whether the report's code was loaded already or not).
    await waitFor(() => expect(opened.map((d) => d.name)).toEqual(['report', 'login']));
    stop();
    expect(opened[0]).toMatchObject({
      name: 'report',
      props: { target: { kind: 'user', id: uid, title: name } },
    });
  });

  it('opens the slider from the counts, on the tab pressed', async () => {
    const { uid, name } = busyAuthor();
    const { user } = renderApp(`/user/${uid}`);
    await user.click(
      await screen.findByRole('button', { name: new RegExp(`^${fanCount(uid)} 粉丝$`) }),
    );
    const slider = await screen.findByRole('dialog', { name: `${name} 的关注与粉丝` });
    expect(within(slider).getByRole('tab', { name: /粉丝/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(slider).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(
      screen.getByRole('button', { name: new RegExp(`^${followingCount(uid)} 关注$`) }),
    );
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('tab', { name: /关注/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('my own page: the self endpoints (link shares too), no follow or report button', async () => {
    const state = await signedInState();
    const me = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!;
    const { user } = renderApp(`/user/${AUTHOR_UID}`, { preloadedState: state });
    expect(await screen.findByRole('heading', { level: 1, name: me.nickname })).toBeInTheDocument();
    // My worlds shared by link are listed too (the self endpoint), not only the square ones.
    const mine = sharesWhere(
      { statuses: ['square', 'link'], uid: AUTHOR_UID, kind: 'universe' },
      false,
    );
    const onSquare = squareShares('universe').filter((r) => r.record.uid === AUTHOR_UID);
    expect(mine.length).toBeGreaterThan(onSquare.length);
    await user.click(await screen.findByRole('tab', { name: '世界' }));
    const list = await screen.findByRole('list', { name: `${me.nickname} 分享的世界` });
    expect(within(list).getAllByRole('article')).toHaveLength(mine.length);
    expect(screen.queryByRole('button', { name: /^关注：/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '举报' })).not.toBeInTheDocument();
  });

  it('a user that does not exist (40407): the not-found state', async () => {
    renderApp('/user/u_nobody_here');
    expect(
      await screen.findByRole('heading', { level: 1, name: '该用户不存在' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /广场/ })).toHaveAttribute('href', '/dashboard/square');
  });
});
