import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { http as mswHttp } from 'msw';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { formatCount } from '@/lib/number-format';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { byEngagement, squareShares } from '@mocks/handlers/share-cards';
import { apiError } from '@mocks/http';
import { server } from '@mocks/server';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import type { AppStore } from '@/app/store';
import { renderApp } from '@/testing/render';
import { ui } from '@/testing/ui';
import { FIRST_CARDS, FIRST_COVER_WAIT_MS, firstScreenCards } from './share-card-list';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) =>
  t(`${/^(square|feed|card|list)\./.test(key) ? 'square' : 'social'}:${key}`, options);

/** What the square lists, as the backend ranks it. */
const recommended = () => byEngagement(squareShares());
const latest = () => squareShares();
const hrefOf = (row: ReturnType<typeof squareShares>[number]) =>
  row.kind === 'story'
    ? paths.story.getHref(row.record.share_id)
    : paths.universe.getHref(row.record.share_id);

/**
 * Puts `n` worlds with covers on the square, shared a minute apart and newer than the rest
 * (so they lead the latest tab, in order). Their titles are `广场世界 0` … .
 */
async function addSquareWorlds(n: number) {
  const base = db.worlds.all()[0]!;
  const now = clock.nowS();
  for (let i = 0; i < n; i++) {
    await db.worlds.create({
      ...base,
      id: `w_square${i}`,
      share_id: `s_square${i}`,
      title: `广场世界 ${i}`,
      cover: `https://img.inkworld.test/covers/square-${i}.png`,
      share_status: 'square',
      deleted: false,
      shared_at: now - i * 60,
    });
  }
}

/** Leaves exactly `n` works on the square (the rest are removed). */
function keepSquareShares(n: number) {
  for (const row of squareShares().slice(n)) {
    if (row.kind === 'story') db.stories.delete((q) => q.where({ id: row.record.id }));
    else db.worlds.delete((q) => q.where({ id: row.record.id }));
  }
}

const squareFails = () => [
  mswHttp.get('*/api/v1/square/shares', () => apiError(50300, 'service unavailable', null, 503)),
];

const cards = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('article');

/**
 * jsdom has no layout. The share list's box is given one (5,000 px of content in a 600 px
 * box) so the 50 px rule can be exercised: `scrollTo(y)` scrolls it and fires the event.
 */
function fakeScrollBox() {
  let top = 0;
  const inList = (el: Element) => el.classList.contains('share-list');
  const proto = HTMLElement.prototype;
  vi.spyOn(proto, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return inList(this) ? 5000 : 0;
  });
  vi.spyOn(proto, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return inList(this) ? 600 : 0;
  });
  vi.spyOn(proto, 'scrollTop', 'get').mockImplementation(function (this: HTMLElement) {
    return inList(this) ? top : 0;
  });
  return {
    scrollTo(y: number) {
      top = y;
      fireEvent.scroll(document.querySelector('.share-list')!);
    },
  };
}

/**
 * The app's clock, moved only by the test: the rest of a first page waits for the first cover
 * (FIRST_COVER_WAIT_MS at most), and the placeholders are counted in a timer of their own.
 */
let manual: ManualClock;
/** Every timer the app starts on it, with its delay. */
let timersStarted: MockInstance<ManualClock['setTimeout']>;
beforeEach(() => {
  manual = installManualClock();
  timersStarted = vi.spyOn(manual, 'setTimeout');
});
afterEach(() => vi.restoreAllMocks());

/**
 * A load of the square's list is under way: in the store from the moment it starts (the screen
 * shows it a render later), so no request can be on its way unseen.
 */
const squareLoading = (store: AppStore) =>
  Object.values(store.getState().api.queries).some(
    (q) => q?.endpointName === 'listSquarePages' && q.status === QueryStatus.pending,
  );

/** Once the list has started its wait for the first cover, moves the app's clock by `ms`. */
async function coverWait(ms = FIRST_COVER_WAIT_MS) {
  await waitFor(() =>
    expect(timersStarted).toHaveBeenCalledWith(expect.any(Function), FIRST_COVER_WAIT_MS),
  );
  await manual.advance(ms);
}

describe('/dashboard/square', () => {
  it('shows the recommended works to a visitor, each card opening its public page', async () => {
    renderApp(paths.dashboard.square.getHref());
    const list = await screen.findByRole('list', { name: s('square.list.recommend') });
    expect(screen.getByRole('tab', { name: s('square.tabs.recommend') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const first = recommended()[0]!;
    const card = within(list).getAllByRole('article')[0]!;
    expect(within(card).getByRole('heading', { name: first.record.title })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: first.record.title })).toHaveAttribute(
      'href',
      hrefOf(first),
    );
    // The author opens their page in a new tab.
    const author = card.querySelector(`a[href="${paths.user.getHref(first.record.uid)}"]`);
    expect(author).toHaveAttribute('target', '_blank');
    const views = first.record.view_count ?? 0;
    expect(card).toHaveTextContent(
      s('card.views', { count: views, formatted: formatCount(views, 'zh') }),
    );
  });

  it("shows every count of a card as its compact number, the count's words being its label", async () => {
    // A story with counts past the compact unit: none of them may be cut off the card.
    const story = recommended().find((r) => r.kind === 'story')!;
    await db.stories.update((q) => q.where({ id: story.record.id }), {
      data: (x) => void (x.view_count = 123_456),
    });
    renderApp(paths.dashboard.square.getHref());
    const list = await screen.findByRole('list', { name: s('square.list.recommend') });
    const card = within(list)
      .getAllByRole('article')
      .find((a) => a.querySelector(`a[href="${paths.story.getHref(story.record.share_id)}"]`))!;
    const counts = [...card.querySelectorAll<HTMLElement>('.share-card__count')];
    expect(counts.map((c) => c.className.replace(/.*share-card__count--/, ''))).toEqual([
      'words',
      'chapters',
      'views',
      'supporters',
    ]);
    const views = card.querySelector<HTMLElement>('.share-card__count--views')!;
    const phrase = s('card.views', { count: 123_456, formatted: formatCount(123_456, 'zh') });
    expect(views).toHaveAttribute('title', phrase);
    // The number is shown; the phrase is what assistive technology reads.
    expect(within(views).getByText(formatCount(123_456, 'zh'))).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(within(views).getByText(phrase)).toHaveClass('visually-hidden');
    for (const c of counts) expect(c.getAttribute('title')).toBeTruthy();
  });

  it('loads the first row of covers at once (the first with high priority) and the rest lazily', async () => {
    await addSquareWorlds(6);
    renderApp(paths.dashboard.square.getHref('latest'));
    const list = await screen.findByRole('list', { name: s('square.list.latest') });
    const coversIn = () => [...list.querySelectorAll<HTMLImageElement>('img.share-cover__img')];
    await coverWait();
    await waitFor(() => expect(coversIn().length).toBeGreaterThan(FIRST_CARDS));
    const covers = coversIn();
    expect(covers[0]).toHaveAttribute('fetchpriority', 'high');
    expect(covers[0]).toHaveAttribute('loading', 'eager');
    expect(covers[1]).toHaveAttribute('loading', 'eager');
    expect(covers[1]).not.toHaveAttribute('fetchpriority', 'high');
    for (const img of covers.slice(3)) expect(img).toHaveAttribute('loading', 'lazy');
    for (const img of covers) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
    // A cover that fails to load gives way to the fallback panel.
    fireEvent.error(covers[0]!);
    const firstCard = within(list).getAllByRole('article')[0]!;
    expect(firstCard.querySelector('.cover-fallback')).not.toBeNull();
    expect(firstCard.querySelector('img.share-cover__img')).toBeNull();
  });

  it('lists the recommended role-play characters, each opening its world', async () => {
    renderApp(paths.dashboard.square.getHref());
    const rail = await screen.findByRole('region', { name: s('square.characters.title') });
    const links = await within(rail).findAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/universe\//);
  });

  it('switches tabs and keeps the tab in the URL, by click and by arrow keys', async () => {
    const { user, router } = renderApp(paths.dashboard.square.getHref());
    await screen.findByRole('list', { name: s('square.list.recommend') });
    await user.click(screen.getByRole('tab', { name: s('square.tabs.latest') }));
    expect(router.state.location.search).toBe('?tab=latest');
    const list = await screen.findByRole('list', { name: s('square.list.latest') });
    const newest = latest()[0]!;
    expect(within(list).getAllByRole('article')[0]).toHaveTextContent(newest.record.title);
    expect(screen.queryByRole('region', { name: s('square.characters.title') })).toBeNull();

    // Arrow keys move along the tabs (and the URL follows); Home goes back to recommend.
    const latestTab = screen.getByRole('tab', { name: s('square.tabs.latest') });
    expect(latestTab).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?tab=follow');
    expect(screen.getByRole('tab', { name: s('square.tabs.follow') })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(router.state.location.search).toBe('');
    const recommend = screen.getByRole('tab', { name: s('square.tabs.recommend') });
    await waitFor(() => expect(recommend).toHaveAttribute('aria-selected', 'true'));
    expect(recommend).toHaveFocus();
  });

  it('opens the tab the URL names', async () => {
    renderApp(paths.dashboard.square.getHref('latest'));
    await screen.findByRole('list', { name: s('square.list.latest') });
    expect(screen.getByRole('tab', { name: s('square.tabs.latest') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('loads the next page when the list is scrolled within 50 px of its end', async () => {
    await addSquareWorlds(45);
    const box = fakeScrollBox();
    const { store } = renderApp(paths.dashboard.square.getHref('latest'));
    const name = s('square.list.latest');
    await screen.findByRole('list', { name });
    await coverWait();
    await waitFor(() => expect(cards(name)).toHaveLength(20));
    box.scrollTo(5000 - 600 - 60); // 60 px from the end: not yet
    // No load started (it would be in the store at once): none can answer later.
    expect(squareLoading(store)).toBe(false);
    expect(cards(name)).toHaveLength(20);
    box.scrollTo(5000 - 600 - 50); // 50 px: the next page
    await waitFor(() => expect(cards(name)).toHaveLength(40));
    expect(
      within(screen.getByRole('list', { name })).getAllByRole('article')[20],
    ).toHaveTextContent(latest()[20]!.record.title);
  });

  it('does not take the first cards alone for a list that ends within the box', async () => {
    await addSquareWorlds(45);
    // The box is as tall as the cards in it: the first cards alone end within its 800 px.
    const inList = (el: Element) => el.classList.contains('share-list');
    const proto = HTMLElement.prototype;
    vi.spyOn(proto, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return inList(this) ? this.querySelectorAll('article').length * 164 : 0;
    });
    vi.spyOn(proto, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return inList(this) ? 800 : 0;
    });
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (request.url.includes('/square/shares')) asked.push(request.url);
    };
    server.events.on('request:start', onRequest);
    try {
      const { store } = renderApp(paths.dashboard.square.getHref('latest'));
      const name = s('square.list.latest');
      await screen.findByRole('list', { name });
      await coverWait();
      await waitFor(() => expect(cards(name)).toHaveLength(20));
      // No load under way: a request for the next page, taken with the first cards alone,
      // would be pending still or already sent (and recorded).
      expect(squareLoading(store)).toBe(false);
      expect(asked).toHaveLength(1);
      expect(asked[0]).not.toContain('cursor=');
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  it('shows the end text only when the finished list has more than 10 works', async () => {
    keepSquareShares(10);
    const first = renderApp(paths.dashboard.square.getHref('latest'));
    await screen.findByRole('list', { name: s('square.list.latest') });
    await coverWait();
    await waitFor(() => expect(cards(s('square.list.latest'))).toHaveLength(10));
    expect(screen.queryByText(t('common:list.end'))).toBeNull();
    first.unmount();
  });

  it('shows the end text past 10 works', async () => {
    keepSquareShares(11);
    renderApp(paths.dashboard.square.getHref('latest'));
    await screen.findByRole('list', { name: s('square.list.latest') });
    await coverWait();
    await waitFor(() => expect(cards(s('square.list.latest'))).toHaveLength(11));
    expect(screen.getByText(t('common:list.end'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('common:list.more') })).toBeNull();
  });

  it('shows the first cards in the commit that shows the list, the rest and the end text after', async () => {
    keepSquareShares(11);
    renderApp(paths.dashboard.square.getHref('latest'));
    const name = s('square.list.latest');
    // The commit that replaces the skeleton holds the first cards only, and no end text yet.
    await screen.findByRole('list', { name });
    expect(cards(name)).toHaveLength(FIRST_CARDS);
    expect(screen.queryByText(t('common:list.end'))).toBeNull();
    // The rest follow in a render of their own, in order, with the end text.
    await coverWait();
    await waitFor(() => expect(cards(name)).toHaveLength(11));
    expect(cards(name).map((c) => c.textContent)).toEqual(
      latest()
        .slice(0, 11)
        .map((row) => expect.stringContaining(row.record.title) as unknown as string),
    );
    expect(screen.getByText(t('common:list.end'))).toBeInTheDocument();
  });

  it('holds in its first commit the cards of the first screen, as the placeholders measured it', async () => {
    keepSquareShares(11);
    // The first page is held, as on a slow network, until the placeholders are laid out and
    // counted.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      mswHttp.get('*/api/v1/square/shares', async () => {
        await held;
        return undefined;
      }),
    );
    // A phone's layout: placeholder cards 164 px apart from 300 px down jsdom's 768 px window,
    // so three start on the first screen.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const row = this.closest('.share-list__skeleton li');
      if (row !== this) return new DOMRect(0, 0, 0, 0);
      return new DOMRect(16, 300 + [...this.parentElement!.children].indexOf(this) * 164, 380, 152);
    });
    renderApp(paths.dashboard.square.getHref('latest'));
    const name = s('square.list.latest');
    // The placeholders count themselves in a timer started in the frame that shows them.
    await waitFor(() =>
      expect(timersStarted).toHaveBeenCalledWith(expect.any(Function), undefined),
    );
    await manual.advance(0);
    answer();
    await screen.findByRole('list', { name });
    expect(cards(name)).toHaveLength(3);
    await coverWait();
    await waitFor(() => expect(cards(name)).toHaveLength(11));
  });

  it('renders the rest of the first page once the first cover has loaded', async () => {
    keepSquareShares(11);
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    renderApp(paths.dashboard.square.getHref('latest'));
    const name = s('square.list.latest');
    const list = await screen.findByRole('list', { name });
    const cover = list.querySelector<HTMLImageElement>('img.share-cover__img')!;
    // Just short of the longest wait (FIRST_COVER_WAIT_MS): still the first cards alone.
    await coverWait(FIRST_COVER_WAIT_MS - 1);
    expect(cards(name)).toHaveLength(FIRST_CARDS);
    fireEvent.load(cover);
    await waitFor(() => expect(cards(name)).toHaveLength(11));
  });

  it('renders the rest of the first page after the longest wait when the cover is slow', async () => {
    keepSquareShares(11);
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    renderApp(paths.dashboard.square.getHref('latest'));
    const name = s('square.list.latest');
    await screen.findByRole('list', { name });
    expect(cards(name)).toHaveLength(FIRST_CARDS);
    await coverWait();
    await waitFor(() => expect(cards(name)).toHaveLength(11));
  });

  it('shows the empty state when nothing is shared', async () => {
    keepSquareShares(0);
    renderApp(paths.dashboard.square.getHref());
    expect(await screen.findByText(s('square.empty.title'), {})).toBeInTheDocument();
  });

  it('shows the error block when the first load fails, and the list after a retry', async () => {
    server.use(...squareFails());
    const { user } = renderApp(paths.dashboard.square.getHref('latest'));
    const retry = await screen.findByRole('button', { name: t('common:actions.retry') });
    expect(retry.closest('[role="alert"]')).toHaveTextContent(t('common:list.loadError'));
    server.resetHandlers();
    await user.click(retry);
    expect(await screen.findByRole('list', { name: s('square.list.latest') })).toBeInTheDocument();
  });

  it('is where the side navigation and a dead share link lead', async () => {
    const { user, router } = renderApp(paths.story.getHref('s_no_such_share'));
    const toSquare = await screen.findByRole('link', { name: t('common:publicShare.toSquare') });
    await user.click(toSquare);
    await screen.findByRole('tablist', { name: s('square.tabs.label') });
    expect(router.state.location.pathname).toBe(paths.dashboard.square.path);

    await router.navigate(paths.dashboard.abouts.getHref());
    await user.click(await screen.findByRole('link', { name: t('common:nav.square') }));
    await screen.findByRole('tablist', { name: s('square.tabs.label') });
    expect(router.state.location.pathname).toBe(paths.dashboard.square.path);
  });

  it('asks a visitor to log in on the follow tab, and shows the feed after the login', async () => {
    const { user } = renderApp(paths.dashboard.square.getHref('follow'));
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findByText(s('square.follow.loginTitle'), {});
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: t('common:auth.login') }));
    expect(await ui.dialog(t('common:auth.loginTitle'))).toBeInTheDocument();
    await ui.closeDialog(await ui.dialog(t('common:auth.loginTitle')), user);

    await ui.logInWithPhone(user);
    expect(await within(panel).findByRole('list', { name: s('feed.label') })).toBeInTheDocument();
    expect(within(panel).queryByText(s('square.follow.loginTitle'))).toBeNull();
  });
});

describe('firstScreenCards', () => {
  const box = (top: number, height = 152) => ({
    getBoundingClientRect: () => new DOMRect(0, top, 300, height),
  });

  it('counts the cards that start above the bottom of the window', () => {
    const cards = [box(300), box(464), box(628), box(792), box(956)] as unknown as Element[];
    expect(firstScreenCards(cards, 823)).toBe(4);
    expect(firstScreenCards(cards, 700)).toBe(3);
  });

  it('is at least one, and unknown without a layout', () => {
    expect(firstScreenCards([box(900)] as unknown as Element[], 823)).toBe(1);
    expect(firstScreenCards([box(0, 0), box(0, 0)] as unknown as Element[], 823)).toBeNull();
    expect(firstScreenCards([], 823)).toBeNull();
  });
});
