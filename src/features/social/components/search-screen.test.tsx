import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp } from 'msw';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { apiError } from '@mocks/http';
import { server } from '@mocks/server';
import { renderApp, signedInState } from '@/testing/render';
import { searchTabOf } from './search-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) =>
  t(`${/^(square|feed|card|list)\./.test(key) ? 'square' : 'social'}:${key}`, options);

/** Puts `n` worlds titled `星港档案 0` … on the square, newest first. */
async function addWorlds(n: number, title = '星港档案') {
  const base = db.worlds.all()[0]!;
  const now = clock.nowS();
  for (let i = 0; i < n; i++) {
    await db.worlds.create({
      ...base,
      id: `w_search${i}`,
      share_id: `s_search${i}`,
      title: `${title} ${i}`,
      background: '',
      share_status: 'square',
      deleted: false,
      shared_at: now - i * 60,
    });
  }
}

type StartListener = (event: { request: Request }) => void;
const listeners: StartListener[] = [];
afterEach(() => {
  for (const listener of listeners.splice(0))
    server.events.removeListener('request:start', listener);
});

/** Every search request the backend is asked, while the test runs. */
function searchRequests() {
  const seen: string[] = [];
  const listener: StartListener = ({ request }) => {
    if (new URL(request.url).pathname.startsWith('/api/v1/search/')) seen.push(request.url);
  };
  listeners.push(listener);
  server.events.on('request:start', listener);
  return seen;
}

async function openSearch(query: string) {
  const view = renderApp(`${paths.search.path}${query}`, { preloadedState: await signedInState() });
  await screen.findByRole('heading', { level: 1, name: s('search.heading') });
  const field = () => screen.getByRole('searchbox', { name: t('common:search.label') });
  return { ...view, field };
}

const location = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('/search', () => {
  it('reads the tab from the URL, stories by default', () => {
    expect(searchTabOf(null)).toBe('stories');
    expect(searchTabOf('worlds')).toBe('worlds');
    expect(searchTabOf('authors')).toBe('authors');
    expect(searchTabOf('people')).toBe('stories');
  });

  it('without a keyword asks for one and sends nothing', async () => {
    const seen = searchRequests();
    await openSearch('');
    expect(screen.getByText(s('search.prompt'))).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('shows the stories matching the URL’s keyword as cards linking to the story', async () => {
    const story = db.stories.findFirst((q) =>
      q.where((row) => row.share_status === 'square' && row.deleted_at === 0),
    )!;
    const keyword = [...story.title].slice(0, 2).join('');
    const { field } = await openSearch(`?keyword=${encodeURIComponent(keyword)}`);
    expect(field()).toHaveValue(keyword);
    const list = await screen.findByRole('list', { name: s('search.results', { keyword }) });
    const titles = within(list)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/story/'));
    expect(titles.length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: s('search.tabs.stories') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('switches tabs through the URL (click and arrow keys); worlds list the matching worlds', async () => {
    await addWorlds(3);
    const { user, router } = await openSearch('?keyword=星港档案');
    await user.click(screen.getByRole('tab', { name: s('search.tabs.worlds') }));
    expect(location(router).get('tab')).toBe('worlds');
    expect(location(router).get('keyword')).toBe('星港档案');
    const list = await screen.findByRole('list', {
      name: s('search.results', { keyword: '星港档案' }),
    });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    await user.keyboard('{ArrowRight}');
    expect(location(router).get('tab')).toBe('authors');
    expect(screen.getByRole('tab', { name: s('search.tabs.authors') })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(location(router).get('tab')).toBeNull();
  });

  it('lists matching authors as rows with their page link and follow button', async () => {
    const me = (await signedInState()).session.uid;
    const author = db.users.all().find((u) => u.uid !== me && [...u.nickname].length >= 2)!;
    const keyword = author.nickname;
    await openSearch(`?keyword=${encodeURIComponent(keyword)}&tab=authors`);
    const list = await screen.findByRole('list', { name: s('search.results', { keyword }) });
    const row = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes(author.nickname))!;
    expect(
      within(row)
        .getAllByRole('link')
        .some((a) => a.getAttribute('href') === paths.user.getHref(author.uid)),
    ).toBe(true);
    expect(within(row).getByRole('button')).toBeInTheDocument();
  });

  it('says when nothing matches, per tab', async () => {
    await openSearch('?keyword=无此作品qq&tab=worlds');
    expect(
      await screen.findByText(s('search.empty.worlds', { keyword: '无此作品qq' })),
    ).toBeInTheDocument();
  });

  it('loads the next page at the end of the list, and shows the end text past 10 items', async () => {
    await addWorlds(25);
    const seen = searchRequests();
    await openSearch('?keyword=星港档案&tab=worlds');
    const name = s('search.results', { keyword: '星港档案' });
    // jsdom lays nothing out, so the list is always within 50 px of its end: the next page
    // follows the first at once, as on a screen taller than 20 cards.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name })).getAllByRole('article')).toHaveLength(25),
    );
    expect(seen).toHaveLength(2);
    expect(new URL(seen[1]!).searchParams.get('limit')).not.toBe('None');
    expect(screen.getByText(t('common:list.end'))).toBeInTheDocument();
  });

  it('shows no end text on a list of 10 or fewer', async () => {
    await addWorlds(3);
    await openSearch('?keyword=星港档案&tab=worlds');
    const name = s('search.results', { keyword: '星港档案' });
    expect(within(await screen.findByRole('list', { name })).getAllByRole('article')).toHaveLength(
      3,
    );
    expect(screen.queryByText(t('common:list.end'))).toBeNull();
  });

  it('shows an error block with a retry when the first page fails', async () => {
    await addWorlds(2);
    server.use(
      mswHttp.get('*/api/v1/search/shares', () => apiError(50300, 'unavailable', null, 503)),
    );
    const { user } = await openSearch('?keyword=星港档案&tab=worlds');
    const retry = await screen.findByRole('button', { name: t('common:actions.retry') });
    server.resetHandlers();
    await user.click(retry);
    const list = await screen.findByRole('list', {
      name: s('search.results', { keyword: '星港档案' }),
    });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
  });

  describe('keyword rules, checked at the field before anything is sent', () => {
    it('refuses an empty keyword and keeps the URL', async () => {
      const seen = searchRequests();
      const { user, router, field } = await openSearch('');
      await user.type(field(), '   {Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(t('common:search.errors.empty'));
      expect(field()).toHaveAttribute('aria-invalid', 'true');
      expect(location(router).get('keyword')).toBeNull();
      expect(seen).toEqual([]);
    });

    it('refuses over 30 by the shared counter, typed or in the URL', async () => {
      const seen = searchRequests();
      const long = '长'.repeat(31);
      const { user, router, field } = await openSearch(`?keyword=${long}`);
      expect(screen.getByRole('alert')).toHaveTextContent(t('common:search.errors.tooLong'));
      expect(field()).toHaveAccessibleDescription(t('common:search.errors.tooLong'));
      await user.clear(field());
      await user.type(field(), `${'字'.repeat(31)}{Enter}`);
      expect(screen.getByRole('alert')).toHaveTextContent(t('common:search.errors.tooLong'));
      expect(location(router).get('keyword')).toBe(long);
      expect(seen).toEqual([]);
    });

    it('searches a good keyword, trimmed, by putting it in the URL', async () => {
      const { user, router, field } = await openSearch('?keyword=旧词&tab=worlds');
      await user.clear(field());
      await user.type(field(), '  星港  {Enter}');
      expect(location(router).get('keyword')).toBe('星港');
      expect(location(router).get('tab')).toBe('worlds');
    });

    it('shows the server’s keyword refusal (42264) at the field', async () => {
      server.use(
        mswHttp.get('*/api/v1/search/shares', () => apiError(42264, 'keyword too long', null, 422)),
      );
      const { field } = await openSearch('?keyword=星港');
      await waitFor(() => expect(field()).toHaveAttribute('aria-invalid', 'true'));
      expect(field()).toHaveAccessibleDescription(s('search.errors.tooLong'));
      expect(screen.queryByRole('button', { name: t('common:actions.retry') })).toBeNull();
    });
  });
});
