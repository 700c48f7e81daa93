import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '@mocks/db';
import { recommendedFor } from '@mocks/handlers/social';
import { feedEmpty } from '@mocks/scenarios/social';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderWithProviders, signedInState } from '@/testing/render';
import { RecommendedUsers } from './recommended-users';

const followsMe = (uid: string) =>
  !!db.follows.findFirst((q) => q.where({ follower: uid, followee: AUTHOR_UID }));
const iFollow = (uid: string) =>
  !!db.follows.findFirst((q) => q.where({ follower: AUTHOR_UID, followee: uid }));

async function renderRecommendations(onFollowed = vi.fn()) {
  await feedEmpty();
  const state = await signedInState();
  const view = renderWithProviders(
    <RecommendedUsers lead="你还没有关注任何人" onFollowed={onFollowed} />,
    { route: '/', preloadedState: state },
  );
  const region = await screen.findByRole('region', { name: '你可能喜欢的作者' });
  const list = await within(region).findByRole('list', { name: '推荐作者' });
  return { ...view, region, list, onFollowed };
}

describe('RecommendedUsers', () => {
  it('offers 回关 to a recommended user who follows me, 关注 to the others', async () => {
    const { list } = await renderRecommendations();
    const users = recommendedFor(AUTHOR_UID);
    const fans = users.filter((u) => followsMe(u.uid));
    const others = users.filter((u) => !followsMe(u.uid));
    // The seed has both among the author's recommendations.
    expect(fans.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const u of fans) {
      expect(within(list).getByRole('button', { name: `回关：${u.nickname}` })).toBeInTheDocument();
    }
    for (const u of others) {
      expect(within(list).getByRole('button', { name: `关注：${u.nickname}` })).toBeInTheDocument();
    }
  });

  it('follows back with the button; the place showing them hears of it', async () => {
    const { user, list, onFollowed, store } = await renderRecommendations();
    const fan = recommendedFor(AUTHOR_UID).find((u) => followsMe(u.uid))!;
    await user.click(within(list).getByRole('button', { name: `回关：${fan.nickname}` }));
    await waitFor(() => expect(store.getState().toast.current).toMatchObject({ msg: '关注成功' }));
    expect(iFollow(fan.uid)).toBe(true);
    await waitFor(() => expect(onFollowed).toHaveBeenCalledTimes(1));
  });

  it('follows them all, with the toast', async () => {
    const { user, region, store } = await renderRecommendations();
    const users = recommendedFor(AUTHOR_UID);
    await user.click(within(region).getByRole('button', { name: '一键关注' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ msg: '已全部关注' }),
    );
    for (const u of users) expect(iFollow(u.uid)).toBe(true);
  });
});
