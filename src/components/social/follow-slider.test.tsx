import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { FOLLOW_PAGE_SIZE as PAGE } from '@/api/social';
import { recommendedFor } from '@mocks/handlers/social';
import { feedEmpty } from '@mocks/scenarios/social';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import { renderWithProviders, signedInState } from '@/testing/render';
import FollowSlider, { FOLLOW_ROW_HEIGHT, OUTSIDE_CLICK_DELAY_MS } from './follow-slider';

const UID = 'u_many';

/** `total` users, paged by a cursor like the backend's; `fail` answers 503 from that page on. */
function followList(path: 'followers' | 'following_users', total: number, fail?: { from: number }) {
  return http.get(`/api/v2/users/:uid/${path}`, ({ request }) => {
    const url = new URL(request.url);
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    if (fail && from >= fail.from) {
      return HttpResponse.json(
        { error_code: 50300, error_msg: 'unavailable', content: null },
        { status: 503 },
      );
    }
    const to = Math.min(total, from + limit);
    const data = Array.from({ length: to - from }, (_, i) => ({
      user: {
        _id: `u_${path}_${from + i}`,
        name: `${path === 'followers' ? '粉丝' : '关注'}${from + i}`,
        avatar: '',
        is_official: false,
      },
      following: { is_follower: true, is_following: false },
      follower_count: from + i,
    }));
    const more = to < total;
    return HttpResponse.json({
      data,
      paging: {
        has_prev: from > 0,
        has_next: more,
        next: more ? `/api/v2/users/${UID}/${path}?cursor=${to}&limit=${limit}` : null,
      },
    });
  });
}

function renderSlider(onClose = vi.fn(), initialTab: 'fans' | 'following' = 'fans') {
  const view = renderWithProviders(
    <FollowSlider
      uid={UID}
      name="多多"
      counts={{ following: 3, fans: 5000 }}
      initialTab={initialTab}
      onClose={onClose}
    />,
    { route: '/' },
  );
  return { ...view, onClose };
}

/**
 * jsdom has no layout: the list's box gets a height of 640 px and a scroll height from its
 * rows' spacer, as a browser would give it (other elements keep jsdom's zeros).
 */
const BOX = 640;
function layOutFollowLists() {
  const proto = HTMLElement.prototype;
  const own = {
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    scrollHeight: Object.getOwnPropertyDescriptor(proto, 'scrollHeight'),
  };
  const isList = (el: HTMLElement) => el.classList.contains('follow-list');
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? BOX : 0;
    },
  });
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (!isList(this)) return 0;
      return parseInt(this.querySelector('ul')?.style.height ?? '0', 10) + 40;
    },
  });
  return () => {
    for (const [key, d] of Object.entries(own)) {
      if (d) Object.defineProperty(proto, key, d);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  };
}

/** The app's clock (the outside-click delay, the rows' hover cards), moved only by the test. */
let manual: ManualClock;
beforeEach(() => {
  manual = installManualClock();
  const restore = layOutFollowLists();
  return restore;
});

function scrollTo(scroller: HTMLElement, top: number) {
  scroller.scrollTop = top;
  fireEvent.scroll(scroller);
}

const rowsInDom = () => document.querySelectorAll('.follow-row').length;

describe('FollowSlider', () => {
  it('shows the two tabs with their counts, the fans first here, and a close button', async () => {
    server.use(followList('followers', 3), followList('following_users', 2));
    const { user, onClose } = renderSlider();
    const dialog = await screen.findByRole('dialog', { name: '多多 的关注与粉丝' });
    const fans = within(dialog).getByRole('tab', { name: '粉丝 5000' });
    expect(fans).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: '关注 3' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    const list = await within(dialog).findByRole('list', { name: '多多 的粉丝' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: /粉丝0/ })).toHaveAttribute(
      'href',
      '/user/u_followers_0',
    );
    expect(within(list).getAllByRole('button', { name: /回关/ })).toHaveLength(3);
    // Three rows: no end text (only past 10).
    expect(screen.queryByText('已经到底了')).not.toBeInTheDocument();

    // Arrow keys move to the other tab, which loads its own list.
    fans.focus();
    await user.keyboard('{ArrowRight}');
    const following = within(dialog).getByRole('tab', { name: '关注 3' });
    expect(following).toHaveFocus();
    expect(following).toHaveAttribute('aria-selected', 'true');
    const other = await within(dialog).findByRole('list', { name: '多多 关注的人' });
    expect(within(other).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Esc, locks the page scroll while open', async () => {
    server.use(followList('followers', 3));
    const { user, onClose, unmount } = renderSlider();
    await screen.findByRole('list');
    expect(document.body).toHaveClass('scroll-locked');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes on a click outside, listened for only from 150 ms after opening', async () => {
    server.use(followList('followers', 3));
    const { onClose } = renderSlider();
    const backdrop = document.querySelector('.dialog-backdrop') as HTMLElement;
    await manual.advance(OUTSIDE_CLICK_DELAY_MS - 1);
    fireEvent.pointerDown(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    await manual.advance(1);
    // A click inside does not close it.
    fireEvent.pointerDown(screen.getByRole('tab', { name: /粉丝/ }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a click in a dialog over it (a row’s unfollow confirmation) does not close it', async () => {
    server.use(
      http.get('/api/v2/users/:uid/followers', () =>
        HttpResponse.json({
          data: [
            {
              user: { _id: 'u_official', name: '墨境官方', avatar: '', is_official: true },
              following: { is_follower: false, is_following: true },
              follower_count: 9,
            },
          ],
          paging: { has_prev: false, has_next: false, next: null },
        }),
      ),
    );
    const { user, onClose } = renderSlider();
    const list = await screen.findByRole('list');
    // Past the delay: a click outside would close it now.
    await manual.advance(OUTSIDE_CLICK_DELAY_MS);
    await user.click(within(list).getByRole('button', { name: /已关注/ }));
    const confirm = await screen.findByRole('dialog', { name: '取消关注' });
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: /多多/ })).toBeInTheDocument();
  });

  it('loads the next page within 50 px of the end, windowing the rows, then shows the end', async () => {
    const total = 2 * PAGE + 5;
    server.use(followList('followers', total));
    renderSlider();
    const list = await screen.findByRole('list');
    const scroller = list.parentElement!;
    const end = (rows: number) => rows * FOLLOW_ROW_HEIGHT + 40 - BOX;
    // 640 px of 64 px rows: the rows in view and a few below, not the whole page.
    await waitFor(() => expect(rowsInDom()).toBe(17));
    expect(list.style.height).toBe(`${PAGE * FOLLOW_ROW_HEIGHT}px`);
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '-1');

    // 60 px from the end: nothing yet. 50 px: the next page.
    scrollTo(scroller, end(PAGE) - 60);
    // No load started (one hides the button for the next page in the scroll's own render).
    expect(screen.getByRole('button', { name: '加载更多' })).toBeInTheDocument();
    expect(list.style.height).toBe(`${PAGE * FOLLOW_ROW_HEIGHT}px`);
    scrollTo(scroller, end(PAGE) - 50);
    await waitFor(() => expect(list.style.height).toBe(`${2 * PAGE * FOLLOW_ROW_HEIGHT}px`));
    expect(rowsInDom()).toBeLessThan(30);
    scrollTo(scroller, end(2 * PAGE));
    await waitFor(() => expect(list.style.height).toBe(`${total * FOLLOW_ROW_HEIGHT}px`));
    scrollTo(scroller, end(total));
    await screen.findByText('已经到底了');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(20);
    expect(rows.at(-1)).toHaveAttribute('aria-posinset', String(total));
    expect(rows.at(-1)).toHaveAttribute('aria-setsize', String(total));
    expect(
      within(rows.at(-1)!).getByRole('link', { name: new RegExp(`粉丝${total - 1}`) }),
    ).toBeInTheDocument();
  });

  it('offers a button for the next page (keyboards) and keeps the rows when a later page fails', async () => {
    server.use(followList('followers', 2 * PAGE + 5, { from: PAGE }));
    const { user } = renderSlider();
    await screen.findByRole('list');
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    const error = await screen.findByRole('alert');
    expect(screen.getByRole('list')).toBeInTheDocument();
    server.use(followList('followers', 2 * PAGE + 5));
    await user.click(within(error).getByRole('button', { name: /重试/ }));
    await waitFor(() =>
      expect(screen.getByRole('list').style.height).toBe(`${2 * PAGE * FOLLOW_ROW_HEIGHT}px`),
    );
  });

  it('shows the error block with a retry when the first load fails, then the rows', async () => {
    server.use(followList('followers', 5, { from: 0 }));
    const { user } = renderSlider();
    const error = await screen.findByRole('alert');
    server.use(followList('followers', 5));
    await user.click(within(error).getByRole('button', { name: /重试/ }));
    expect(await screen.findByRole('list')).toBeInTheDocument();
  });

  it('offers recommendations in my empty follow tab; following them all reloads the list', async () => {
    await feedEmpty();
    const state = await signedInState();
    const recommended = recommendedFor(AUTHOR_UID);
    const { user } = renderWithProviders(
      <FollowSlider
        name="我"
        counts={{ following: 0, fans: 4 }}
        initialTab="following"
        onClose={vi.fn()}
      />,
      { route: '/', preloadedState: state },
    );
    const panel = screen.getByRole('tabpanel');
    const region = await within(panel).findByRole('region', { name: '你可能喜欢的作者' });
    expect(region).toHaveTextContent('你还没有关注任何人，先认识几位作者吧。');
    expect(screen.getByRole('heading', { name: '你可能喜欢的作者' }).tagName).toBe('H3');
    const offered = await within(region).findByRole('list', { name: '推荐作者' });
    expect(within(offered).getAllByRole('listitem')).toHaveLength(recommended.length);

    await user.click(within(region).getByRole('button', { name: '一键关注' }));
    const list = await within(panel).findByRole('list', { name: '我 关注的人' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(recommended.length),
    );
    for (const u of recommended) expect(list).toHaveTextContent(u.nickname);
    expect(within(panel).queryByRole('region')).toBeNull();
  });

  it('reloads my empty follow tab when one recommended user is followed', async () => {
    await feedEmpty();
    const state = await signedInState();
    const first = recommendedFor(AUTHOR_UID)[0]!;
    const { user } = renderWithProviders(
      <FollowSlider
        name="我"
        counts={{ following: 0, fans: 4 }}
        initialTab="following"
        onClose={vi.fn()}
      />,
      { route: '/', preloadedState: state },
    );
    const region = await screen.findByRole('region', { name: '你可能喜欢的作者' });
    await user.click(
      await within(region).findByRole('button', { name: `关注：${first.nickname}` }),
    );
    const list = await screen.findByRole('list', { name: '我 关注的人' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent(first.nickname);
  });

  it('shows the empty state', async () => {
    server.use(followList('followers', 0), followList('following_users', 0));
    const { user } = renderSlider();
    expect(await screen.findByText('还没有粉丝')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /关注/ }));
    expect(await screen.findByText('还没有关注任何人')).toBeInTheDocument();
  });
});
