import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp } from 'msw';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { squareShares } from '@mocks/handlers/share-cards';
import { recommendedFor } from '@mocks/handlers/social';
import { apiError } from '@mocks/http';
import { server } from '@mocks/server';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { newUser } from '@mocks/users';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) =>
  t(`${/^(square|feed|card|list)\./.test(key) ? 'square' : 'social'}:${key}`, options);

const followedBy = (uid: string) =>
  new Set(db.follows.findMany((q) => q.where({ follower: uid })).map((f) => f.followee));
const followNobody = () => db.follows.deleteMany((q) => q.where({ follower: AUTHOR_UID }));

async function openFeed() {
  const state = await signedInState();
  return renderApp(paths.dashboard.feed.getHref(), { preloadedState: state });
}

describe('/dashboard/feed', () => {
  it('lists the shares of the authors I follow, newest first', async () => {
    const state = await signedInState();
    const expected = squareShares(null, followedBy(AUTHOR_UID));
    expect(expected.length).toBeGreaterThan(0);
    renderApp(paths.dashboard.feed.getHref(), { preloadedState: state });
    const list = await screen.findByRole('list', { name: s('feed.label') });
    // jsdom has no layout, so the box counts as scrolled to its end and one more page comes.
    await waitFor(() =>
      expect(within(list).getAllByRole('article').length).toBeGreaterThanOrEqual(
        Math.min(20, expected.length),
      ),
    );
    const cards = within(list).getAllByRole('article');
    cards.forEach((card, i) => expect(card).toHaveTextContent(expected[i]!.record.title));
    expect(screen.queryByRole('region', { name: s('recommend.title') })).toBeNull();
  });

  it('recommends authors when I follow nobody, and follow all fills the feed', async () => {
    const state = await signedInState();
    followNobody();
    const recommended = recommendedFor(AUTHOR_UID);
    expect(recommended.length).toBeGreaterThan(0);
    const { user } = renderApp(paths.dashboard.feed.getHref(), { preloadedState: state });

    const region = await screen.findByRole('region', { name: s('recommend.title') });
    const list = await within(region).findByRole('list', { name: s('recommend.listLabel') });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(recommended.length);
    const first = recommended[0]!;
    const firstShares = squareShares(null, new Set([first.uid]));
    const stories = firstShares.filter((r) => r.kind === 'story').length;
    // Name (opening their page in a new tab), the reason and the counts.
    const link = rows[0]!.querySelector(`a[href="${paths.user.getHref(first.uid)}"]`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(rows[0]).toHaveTextContent(first.nickname);
    expect(rows[0]!.querySelector('.recommend-user__reason')?.textContent).not.toBe('');
    expect(rows[0]).toHaveTextContent(
      s('recommend.stories', { count: stories, formatted: String(stories) }),
    );
    expect(rows[0]).toHaveTextContent(
      s('recommend.worlds', {
        count: firstShares.length - stories,
        formatted: String(firstShares.length - stories),
      }),
    );

    await user.click(within(region).getByRole('button', { name: s('recommend.followAll') }));
    await ui.toast(s('follow.allDone'));
    // The feed reloads with the shares of the authors just followed.
    const feed = await screen.findByRole('list', { name: s('feed.label') });
    const expected = squareShares(null, followedBy(AUTHOR_UID));
    expect(followedBy(AUTHOR_UID).size).toBe(recommended.length);
    expect(within(feed).getAllByRole('article')[0]).toHaveTextContent(expected[0]!.record.title);
    expect(screen.queryByRole('region', { name: s('recommend.title') })).toBeNull();
  });

  it('follows one recommended author with their button, and the feed shows their shares', async () => {
    const state = await signedInState();
    followNobody();
    const first = recommendedFor(AUTHOR_UID)[0]!;
    const { user } = renderApp(paths.dashboard.feed.getHref(), { preloadedState: state });
    const region = await screen.findByRole('region', { name: s('recommend.title') });
    const button = await within(region).findByRole('button', {
      name: s('follow.buttonLabel', { action: s('follow.state.follow'), name: first.nickname }),
    });
    await user.click(button);
    await ui.toast(s('follow.done'));
    expect(followedBy(AUTHOR_UID)).toEqual(new Set([first.uid]));
    const feed = await screen.findByRole('list', { name: s('feed.label') });
    const expected = squareShares(null, new Set([first.uid]));
    await waitFor(() =>
      expect(within(feed).getAllByRole('article')).toHaveLength(Math.min(20, expected.length)),
    );
  });

  it('shows the follow error when follow all is refused, and keeps the recommendations', async () => {
    const state = await signedInState();
    followNobody();
    server.use(
      mswHttp.post('*/api/v2/follow_all_recommend_user', () =>
        apiError(40329, 'daily follow limit', null, 403),
      ),
    );
    const { user } = renderApp(paths.dashboard.feed.getHref(), { preloadedState: state });
    const region = await screen.findByRole('region', { name: s('recommend.title') });
    const button = await within(region).findByRole('button', {
      name: s('recommend.followAll'),
    });
    await user.click(button);
    await ui.toast(s('follow.errors.dailyLimit'));
    expect(followedBy(AUTHOR_UID).size).toBe(0);
    expect(within(region).getByRole('list', { name: s('recommend.listLabel') })).toBeVisible();
  });

  it('says so when the authors I follow have shared nothing yet', async () => {
    const state = await signedInState();
    followNobody();
    // A reader who has shared nothing.
    const now = clock.nowS();
    await db.users.create(newUser({ uid: 'u_quiet', nickname: '安静的读者', created_at: now }));
    await db.follows.create({ follower: AUTHOR_UID, followee: 'u_quiet', created_at: now });
    renderApp(paths.dashboard.feed.getHref(), { preloadedState: state });
    expect(await screen.findByText(s('feed.empty.title'))).toBeVisible();
    expect(screen.getByRole('link', { name: s('feed.toSquare') })).toHaveAttribute(
      'href',
      paths.dashboard.square.getHref(),
    );
    expect(screen.queryByRole('region', { name: s('recommend.title') })).toBeNull();
  });

  it('unfollows an author from their card in the feed: their cards, the card and the focus stay', async () => {
    const calls: string[] = [];
    // A first page is a (re)load of the list; a page after it (jsdom has no layout, so the
    // box counts as scrolled to its end) is not.
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      calls.push(
        `${request.method} ${url.pathname}${url.searchParams.has('cursor') ? ' (next page)' : ''}`,
      );
    };
    server.events.on('request:start', onRequest);
    onTestFinished(() => void server.events.removeListener('request:start', onRequest));
    const { user } = await openFeed();
    const list = await screen.findByRole('list', { name: s('feed.label') });
    const first = within(list).getAllByRole('article')[0]!;
    const link = first.querySelector<HTMLAnchorElement>('a.author-link__link')!;
    const name = first.querySelector('.author-link__name')!.textContent!;
    const uid = link.getAttribute('href')!.replace('/user/', '');
    link.focus();
    await user.keyboard('{ArrowDown}');
    const card = await screen.findByRole('dialog', { name });
    const followed = await within(card).findByRole('button', {
      name: new RegExp(`^(${s('follow.state.following')}|${s('follow.state.mutual')})：`),
    });
    await user.click(followed);
    const confirm = await screen.findByRole('dialog', { name: s('follow.confirm.title') });
    await user.click(within(confirm).getByRole('button', { name: s('follow.confirm.action') }));
    await ui.toast(s('follow.undone'));
    expect(followedBy(AUTHOR_UID).has(uid)).toBe(false);
    // The unfollow's invalidations are sent together: once my profile is asked for again, a
    // reload of the feed would have been asked for too.
    const unfollowAt = calls.indexOf(`DELETE /api/v2/users/${uid}/followers`);
    await waitFor(() => expect(calls.slice(unfollowAt)).toContain('GET /api/v2/self/profile'));
    expect(calls.slice(unfollowAt)).not.toContain('GET /api/v2/following_shares_feed');
    // The feed being read keeps the card (it is fetched anew next time), so the hover card and
    // the focus on its button do not go with it.
    const after = within(card).getByRole('button', {
      name: new RegExp(`^(${s('follow.state.follow')}|${s('follow.state.followBack')})：`),
    });
    await waitFor(() => expect(after).toHaveFocus());
    expect(first).toBeInTheDocument();
    expect(card).toBeInTheDocument();
  });

  it('shows the error block when the feed fails, and the feed after a retry', async () => {
    server.use(
      mswHttp.get('*/api/v2/following_shares_feed', () =>
        apiError(50300, 'service unavailable', null, 503),
      ),
    );
    const { user } = await openFeed();
    const retry = await screen.findByRole('button', { name: t('common:actions.retry') });
    server.resetHandlers();
    await user.click(retry);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: s('feed.label') })).toBeInTheDocument(),
    );
  });
});
